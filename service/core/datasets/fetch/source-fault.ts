/** What went wrong with an official source, said for the operator: the fault, and what to do about it. */
export class SourceFault extends Error {
  constructor(
    message: string,
    /** What an operator can do about it. */
    readonly advice: string,
  ) {
    super(message);
  }
}

/** A fetch run's failure, as its record says it. */
export const failureOf = (error: unknown) =>
  error instanceof SourceFault ? `${error.message}: ${error.advice}` : `${(error as Error).message ?? error}`;
