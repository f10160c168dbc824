/** A shape the spec leaves open: typed loosely until the real one is known. */
export type Loose = Record<string, unknown>;
