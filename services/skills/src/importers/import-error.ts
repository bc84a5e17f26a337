/** A bad import input; the message names the file (and line) so the operator can fix it. */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    problem: string,
  ) {
    super(line === undefined ? `${file}: ${problem}` : `${file}:${line}: ${problem}`);
    this.name = 'ImportError';
  }
}
