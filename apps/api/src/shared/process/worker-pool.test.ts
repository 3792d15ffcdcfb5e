import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerJobError, WorkerPool } from './worker-pool';

/** A plain-JS thread: echoes its input with its thread id after 20 ms of work, throws or dies on demand. */
const ECHO_WORKER = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', ({ id, input }) => {
  if (input === 'die') process.exit(3);
  if (input === 'throw') return parentPort.postMessage({ id, error: { name: 'Boom', message: 'boom', details: { depth: 7 } } });
  const until = Date.now() + 20;
  while (Date.now() < until) {}
  parentPort.postMessage({ id, output: { input, threadId } });
});
`;

let pool: WorkerPool<string, { input: string; threadId: number }>;
afterEach(() => pool.close());

function createPool(size: number) {
  pool = new WorkerPool({ name: 'echo', size, entry: () => ({ filename: ECHO_WORKER, eval: true }) });
  return pool;
}

describe('WorkerPool', () => {
  it('runs jobs on worker threads, never on the calling thread', async () => {
    const answer = await createPool(1).run('a', 'hello');
    expect(answer.input).toBe('hello');
    expect(answer.threadId).not.toBe(threadId);
  });

  it("takes keys in turn: one company's burst does not hold another's job behind it", async () => {
    createPool(1);
    const order: string[] = [];
    const run = (key: string, input: string) => pool.run(key, input).then(() => order.push(input));
    const burst = Array.from({ length: 8 }, (_, index) => run('a', `a${index}`));
    const other = run('b', 'b0');
    await Promise.all([...burst, other]);
    // a0 was already running and a1 waiting when b0 arrived; b0 comes next, then the rest of the burst.
    expect(order.indexOf('b0')).toBeLessThanOrEqual(2);
    expect(order.filter((input) => input.startsWith('a'))).toEqual(burst.map((_, index) => `a${index}`));
  });

  it('prestarts one idle thread that the next job runs on, and no second one', async () => {
    createPool(2);
    pool.prestart();
    pool.prestart();
    expect(pool.threadCount).toBe(1);
    const first = await pool.run('a', 'x');
    expect(pool.threadCount).toBe(1);
    expect((await pool.run('b', 'y')).threadId).toBe(first.threadId);
  });

  it('uses at most its size in threads', async () => {
    createPool(2);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => pool.run(`k${index}`, 'x')));
    expect(new Set(answers.map((answer) => answer.threadId)).size).toBeLessThanOrEqual(2);
    expect(pool.threadCount).toBeLessThanOrEqual(2);
  });

  it("hands a job's error back as data, and the thread keeps serving", async () => {
    createPool(1);
    const error = await pool.run('a', 'throw').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkerJobError);
    expect(error).toMatchObject({ name: 'Boom', message: 'boom', job: { details: { depth: 7 } } });
    expect((await pool.run('a', 'after')).input).toBe('after');
  });

  it('fails only the job of a thread that dies, and starts a new thread for the next', async () => {
    createPool(1);
    const first = await pool.run('a', 'one');
    const died = pool.run('a', 'die');
    const next = pool.run('b', 'two');
    await expect(died).rejects.toThrow(/echo worker exited/);
    const second = await next;
    expect(second.input).toBe('two');
    expect(second.threadId).not.toBe(first.threadId);
  });
});
