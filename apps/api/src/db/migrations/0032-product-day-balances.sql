-- The balance each account and liability closed each day with (issue 31, decision 0044): the running
-- balance of the day's last movement (by id, as the keyset order breaks ties), for the days that had a
-- movement with a balance. The balance history reads these (a few hundred rows a year per product)
-- instead of every movement (tens of thousands for a busy account), and carries them over the days
-- without one. Movements are only ever inserted (a refresh skips those it already has; they go with
-- their product), so an insert trigger keeps the table whole, whichever code writes them.
create table product_day_balances (
  product_id uuid not null references products (id) on delete cascade,
  day date not null,
  -- The movement whose running balance closes the day: a later one of the same day replaces it.
  last_id bigint not null,
  balance numeric(20, 2) not null,
  primary key (product_id, day)
);

create function record_product_day_balances() returns trigger language plpgsql as $$
begin
  insert into product_day_balances (product_id, day, last_id, balance)
  select distinct on (product_id, operation_date) product_id, operation_date, id, balance
  from inserted_movements
  where balance is not null
  order by product_id, operation_date, id desc
  on conflict (product_id, day) do update
    set last_id = excluded.last_id, balance = excluded.balance
    where excluded.last_id > product_day_balances.last_id;
  return null;
end
$$;

create trigger product_transactions_day_balances
  after insert on product_transactions
  referencing new table as inserted_movements
  for each statement execute function record_product_day_balances();

insert into product_day_balances (product_id, day, last_id, balance)
select distinct on (product_id, operation_date) product_id, operation_date, id, balance
from product_transactions
where balance is not null
order by product_id, operation_date, id desc;
