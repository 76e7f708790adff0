/** The report of the rows `--skip-invalid` leaves out: a CSV of line, column, value and reason. */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { RowProblem } from './rows.js';

export class ReportNotWritten extends Error {}

/**
 * The skipped rows' report, opened at the first one (a clean file leaves none). A report that cannot
 * be written stops the import: the rows it would list must not vanish.
 */
export function lazyReport(path: string) {
  let fd: number | undefined;
  let lines = 0;
  return {
    write(problem: RowProblem) {
      try {
        if (fd === undefined) {
          fd = openSync(path, 'w');
          writeSync(fd, 'line,column,value,reason\n');
        }
        writeSync(fd, `${[problem.line, problem.column, problem.value, problem.reason].map(csvField).join(',')}\n`);
        lines++;
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new ReportNotWritten(`its report ${path} cannot be written (${reason})`);
      }
    },
    written: () => lines > 0,
    close() {
      if (fd !== undefined) closeSync(fd);
    },
  };
}

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
