/**
 * This instance's webhook attempts in flight (decision 0064). An attempt holds its slot until its
 * receiver answers, up to the 10 s timeout, so receivers that hang must not fill the slots every
 * company's deliveries need. The limits, all per instance:
 * - at most `total` attempts at once; a hanging request costs a socket, not CPU, so there are many;
 * - at most `perCompany` of one company, and `perEndpoint` of one endpoint: a company's broken endpoint
 *   holds a few of its slots, and its other endpoints deliver on;
 * - a company's attempts beyond its first start only while more than `reserve` slots stay free: the
 *   last slots are kept for companies with nothing in flight, however many companies' receivers hang.
 * An attempt runs beside the worker that took its job: the worker takes its next jobs as soon as it
 * may, not once its whole batch has answered.
 */
export interface DeliverySlots {
  /**
   * Starts `run` beside the caller when the limits allow (waiting only while every slot is taken).
   * Otherwise it waits here for a slot its company and endpoint may take (`parked`, at most
   * `parkedPerCompany` of a company), or, when as many wait already, it is not taken (`full`: the caller
   * sends its job back to the queue, to start after `deferMs`).
   */
  offer(delivery: SlotDelivery, run: () => Promise<void>): Promise<'started' | 'parked' | 'full'>;
  /**
   * How long a job refused `full` should wait in the queue: the pace of what holds it (its endpoint
   * when that has its share in flight, else its company): its last attempt's duration, or while none
   * ended yet its oldest attempt's age (a fast receiver's milliseconds, a hanging one's timeout); one
   * more pace per share of jobs sent back before it. A long backlog behind hanging receivers is so
   * spread over the time its slots need, instead of being taken and sent back again and again.
   */
  deferMs(delivery: Omit<SlotDelivery, 'key'>): number;
  /**
   * Starts nothing more: answers the keys of what waited for a slot (for the caller to send back to
   * the queue) once the attempts in flight have ended, or after `waitMs`.
   */
  drain(waitMs: number): Promise<string[]>;
}

export interface SlotDelivery {
  key: string;
  companyId: string;
  endpointId: string;
}

export interface SlotLimits {
  total: number;
  perCompany: number;
  perEndpoint: number;
  reserve: number;
  parkedPerCompany: number;
  /** The longest an attempt can hold its slot (the request's timeout). */
  attemptMs: number;
  /** Tests: a clock of their own. */
  now?: () => number;
}

/** The shortest pace: a job sent back is never taken again within the same moment. */
const MIN_PACE_MS = 20;

/** One company's or one endpoint's attempts: what is in flight, and how fast they end. */
interface Lane {
  /** Start times of the attempts in flight. */
  started: Set<number>;
  /** The last attempt's duration; 0 until one ended. */
  lastMs: number;
  /** The turn jobs sent back are given: when it starts, and how many it has. */
  turnAt: number;
  turnTaken: number;
}

interface Parked {
  delivery: SlotDelivery;
  run: () => Promise<void>;
}

const newLane = (): Lane => ({ started: new Set(), lastMs: 0, turnAt: 0, turnTaken: 0 });

export function createDeliverySlots(limits: SlotLimits): DeliverySlots {
  const now = limits.now ?? (() => performance.now());
  const companies = new Map<string, Lane>();
  const endpoints = new Map<string, Lane>();
  const parkedByCompany = new Map<string, Parked[]>();
  const running = new Set<Promise<void>>();
  let waitingForSlot: (() => void)[] = [];
  let isDraining = false;

  const laneOf = (lanes: Map<string, Lane>, id: string) => {
    const known = lanes.get(id);
    if (known) return known;
    const fresh = newLane();
    lanes.set(id, fresh);
    return fresh;
  };

  const mayStart = ({ companyId, endpointId }: Omit<SlotDelivery, 'key'>) => {
    const company = laneOf(companies, companyId);
    if (running.size >= limits.total || isDraining) return false;
    if (company.started.size >= limits.perCompany) return false;
    if (laneOf(endpoints, endpointId).started.size >= limits.perEndpoint) return false;
    return company.started.size === 0 || limits.total - running.size > limits.reserve;
  };

  /** Starts what waited here and may now start, the company whose attempt just ended first. */
  const startParked = (firstCompanyId: string) => {
    const order = [firstCompanyId, ...[...parkedByCompany.keys()].filter((id) => id !== firstCompanyId)];
    for (const companyId of order) {
      const parked = parkedByCompany.get(companyId);
      if (!parked) continue;
      for (let index = 0; index < parked.length && running.size < limits.total; ) {
        const item = parked[index];
        if (item && mayStart(item.delivery)) {
          parked.splice(index, 1);
          start(item.delivery, item.run);
        } else index += 1;
      }
      if (parked.length === 0) parkedByCompany.delete(companyId);
    }
  };

  const start = (delivery: SlotDelivery, run: () => Promise<void>) => {
    const lanes = [laneOf(companies, delivery.companyId), laneOf(endpoints, delivery.endpointId)];
    // A unique mark per attempt (two may start in the same millisecond).
    let mark = now();
    while (lanes.some((lane) => lane.started.has(mark))) mark += 1e-6;
    for (const lane of lanes) lane.started.add(mark);
    const attempt: Promise<void> = run()
      // An attempt reports its own failures; this only keeps one from ending the process.
      .catch(() => {})
      .finally(() => {
        for (const lane of lanes) {
          lane.lastMs = now() - mark;
          lane.started.delete(mark);
        }
        running.delete(attempt);
        if (!isDraining) startParked(delivery.companyId);
        const waiting = waitingForSlot;
        waitingForSlot = [];
        for (const wake of waiting) wake();
      });
    running.add(attempt);
  };

  const paceOf = (lane: Lane, at: number) => {
    const oldest = lane.started.size > 0 ? Math.min(...lane.started) : at;
    const seen = lane.lastMs > 0 ? lane.lastMs : at - oldest;
    return Math.min(Math.max(seen, MIN_PACE_MS), limits.attemptMs);
  };

  return {
    async offer(delivery, run) {
      while (running.size >= limits.total && !isDraining) {
        await new Promise<void>((resolve) => waitingForSlot.push(resolve));
      }
      if (isDraining) return 'full';
      if (mayStart(delivery)) {
        start(delivery, run);
        return 'started';
      }
      const parked = parkedByCompany.get(delivery.companyId) ?? [];
      if (parked.length < limits.parkedPerCompany) {
        parked.push({ delivery, run });
        parkedByCompany.set(delivery.companyId, parked);
        return 'parked';
      }
      return 'full';
    },

    deferMs({ companyId, endpointId }) {
      const endpoint = laneOf(endpoints, endpointId);
      const isEndpointFull = endpoint.started.size >= limits.perEndpoint;
      const lane = isEndpointFull ? endpoint : laneOf(companies, companyId);
      const share = isEndpointFull ? limits.perEndpoint : limits.perCompany;
      const at = now();
      const pace = paceOf(lane, at);
      if (lane.turnAt < at) Object.assign(lane, { turnAt: at, turnTaken: 0 });
      if (lane.turnTaken >= share) Object.assign(lane, { turnAt: lane.turnAt + pace, turnTaken: 0 });
      lane.turnTaken += 1;
      return lane.turnAt + pace - at;
    },

    async drain(waitMs) {
      isDraining = true;
      const waiting = waitingForSlot;
      waitingForSlot = [];
      for (const wake of waiting) wake();
      const parked = [...parkedByCompany.values()].flat().map((item) => item.delivery.key);
      parkedByCompany.clear();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
      return parked;
    },
  };
}
