/**
 * This instance's webhook attempts in flight (decision 0064). An attempt holds its slot until its
 * receiver answers, up to the 10 s timeout: a company whose receivers hang would otherwise fill every
 * slot and hold the other companies' deliveries until its attempts time out. So at most `total` run at
 * once and at most `perCompany` of one company, and an attempt runs beside the worker that took its job:
 * the worker takes its next jobs as soon as a slot is free, not once its whole batch has answered.
 */
export interface DeliverySlots {
  /**
   * Starts `run` beside the caller, once a slot is free, unless its company already has its share in
   * flight. Then it waits here for one of its company's slots (`parked`, at most `parkedPerCompany`),
   * or, when as many wait already, it is not taken (`full`: the caller sends its job back to the queue,
   * to start after `deferMs`).
   */
  offer(companyId: string, key: string, run: () => Promise<void>): Promise<'started' | 'parked' | 'full'>;
  /**
   * How long a job of a company with its share in flight and its waiting places taken should wait in
   * the queue: the company's receivers' pace (the longer of its last attempt and its oldest one in
   * flight, a fast receiver's milliseconds, a hanging one's timeout), one more pace per `perCompany`
   * jobs sent back before it. A long backlog behind hanging receivers is so spread over the time its
   * slots need, instead of being taken and sent back again and again.
   */
  deferMs(companyId: string): number;
  /**
   * Starts nothing more: answers the keys of what waited for a slot (for the caller to send back to
   * the queue) once the attempts in flight have ended, or after `waitMs`.
   */
  drain(waitMs: number): Promise<string[]>;
}

export interface SlotLimits {
  total: number;
  perCompany: number;
  parkedPerCompany: number;
  /** The longest an attempt can hold its slot (the request's timeout). */
  attemptMs: number;
  /** Tests: a clock of their own. */
  now?: () => number;
}

/** The shortest pace: a job sent back is never taken again within the same moment. */
const MIN_PACE_MS = 20;

interface Parked {
  key: string;
  run: () => Promise<void>;
}

interface CompanyState {
  /** Start times of the attempts in flight. */
  started: Set<number>;
  parked: Parked[];
  lastMs: number;
  /** The turn jobs sent back are given: when it starts, and how many it has. */
  turnAt: number;
  turnTaken: number;
}

export function createDeliverySlots(limits: SlotLimits): DeliverySlots {
  const now = limits.now ?? (() => performance.now());
  const companies = new Map<string, CompanyState>();
  const running = new Set<Promise<void>>();
  let waitingForSlot: (() => void)[] = [];
  let isDraining = false;

  const companyOf = (companyId: string) => {
    const known = companies.get(companyId);
    if (known) return known;
    const fresh: CompanyState = { started: new Set(), parked: [], lastMs: 0, turnAt: 0, turnTaken: 0 };
    companies.set(companyId, fresh);
    return fresh;
  };

  const wakeWaiting = () => {
    const waiting = waitingForSlot;
    waitingForSlot = [];
    for (const wake of waiting) wake();
  };

  const start = (companyId: string, company: CompanyState, run: () => Promise<void>) => {
    // A unique mark per attempt (two may start in the same millisecond).
    let mark = now();
    while (company.started.has(mark)) mark += 1e-6;
    company.started.add(mark);
    const attempt: Promise<void> = run()
      // An attempt reports its own failures; this only keeps one from ending the process.
      .catch(() => {})
      .finally(() => {
        company.lastMs = now() - mark;
        company.started.delete(mark);
        running.delete(attempt);
        const next = isDraining ? undefined : company.parked.shift();
        // The company's slot and this slot go straight to its next waiting attempt.
        if (next) start(companyId, company, next.run);
        else wakeWaiting();
      });
    running.add(attempt);
  };

  return {
    async offer(companyId, key, run) {
      while (running.size >= limits.total && !isDraining) {
        await new Promise<void>((resolve) => waitingForSlot.push(resolve));
      }
      if (isDraining) return 'full';
      const company = companyOf(companyId);
      if (company.started.size < limits.perCompany) {
        start(companyId, company, run);
        return 'started';
      }
      if (company.parked.length < limits.parkedPerCompany) {
        company.parked.push({ key, run });
        return 'parked';
      }
      return 'full';
    },

    deferMs(companyId) {
      const company = companyOf(companyId);
      const at = now();
      const oldest = company.started.size > 0 ? Math.min(...company.started) : at;
      const pace = Math.min(Math.max(at - oldest, company.lastMs, MIN_PACE_MS), limits.attemptMs);
      if (company.turnAt < at) Object.assign(company, { turnAt: at, turnTaken: 0 });
      if (company.turnTaken >= limits.perCompany) {
        Object.assign(company, { turnAt: company.turnAt + pace, turnTaken: 0 });
      }
      company.turnTaken += 1;
      return company.turnAt + pace - at;
    },

    async drain(waitMs) {
      isDraining = true;
      wakeWaiting();
      const parked = [...companies.values()].flatMap((company) => company.parked.splice(0));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
      return parked.map((item) => item.key);
    },
  };
}
