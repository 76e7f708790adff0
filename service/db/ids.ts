/** Record ids that sort in the order records are made (after the sandbox's fixed ones, such as lst_0001). */
import { randomBytes } from 'node:crypto';

export const newTimeOrderedId = (prefix: string) =>
  `${prefix}_${Date.now().toString(36).padStart(9, '0')}${randomBytes(5).toString('hex')}`;
