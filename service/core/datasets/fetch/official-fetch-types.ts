/** One dataset's run, whichever source it came from: what it did, with its figures or why it failed (`busy`: another process was fetching it). */
export interface SourceRun {
  dataset: string;
  status: 'imported' | 'unchanged' | 'failed' | 'busy';
  rowsAdded?: number;
  newestMonth?: string | null;
  warning?: string;
  failure?: string;
}
