import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database';

interface ShapeSpec<I> {
  /** What changes the SQL text (which optional filters apply): one compiled statement per value. */
  shapeOf(input: I): string;
  /** The statement for this input, as Kysely builds it. */
  build(db: Db, input: I): Compilable<unknown>;
  /** The input's values in the order the compiled SQL numbers its parameters. */
  parametersOf(input: I): readonly unknown[];
}

/**
 * A statement built and compiled by Kysely once per shape and database handle, then run with each
 * call's values. Building a query is the costly part of a small list call in the API's own CPU (a
 * transaction page: ~130 µs of operation nodes frozen, parsed and visited, against 0.1–0.2 ms of SQL:
 * bench/README.md, decision 0051); the session join is compiled once for the same reason (0040).
 * The first call of each shape checks `parametersOf` against the parameters Kysely compiled, so a change
 * to the builder that moves a parameter fails that call loudly instead of sending values to the wrong
 * placeholders.
 */
export class CompiledShapes<I> {
  readonly #compiled = new WeakMap<Db, Map<string, CompiledQuery>>();

  constructor(private readonly spec: ShapeSpec<I>) {}

  compile<R>(db: Db, input: I): CompiledQuery<R> {
    let shapes = this.#compiled.get(db);
    if (!shapes) {
      shapes = new Map();
      this.#compiled.set(db, shapes);
    }
    const shape = this.spec.shapeOf(input);
    const parameters = this.spec.parametersOf(input);
    const known = shapes.get(shape);
    if (known) return { ...known, parameters } as CompiledQuery<R>;
    const compiled = this.spec.build(db, input).compile();
    const isSame =
      compiled.parameters.length === parameters.length &&
      compiled.parameters.every((value, index) => Object.is(value, parameters[index]));
    if (!isSame)
      throw new Error(`CompiledShapes: the parameters of shape "${shape}" are not in the order compiled`);
    shapes.set(shape, compiled);
    return compiled as CompiledQuery<R>;
  }
}
