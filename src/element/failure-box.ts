/**
 * What a container shows when the widget cannot run there (its code refused, a browser below the
 * support line, a language file that fails its hash): never a blank box, but a line saying so and
 * what the panel always shows, the attribution with its link and the disclaimer. Plain nodes, so the
 * loader can show it before any of the element's code has run (or when it cannot run), and the
 * element can render the same in its place.
 */
import { attribution, disclaimer, loadFailed } from '../words/en.js';
import { serviceHomeUrl } from '../internal/links.js';

const paragraph = (content: string | Node) => {
  const p = document.createElement('p');
  // In English whatever the page's language, so a screen reader reads it as English.
  p.lang = 'en';
  p.append(content);
  return p;
};

export function failureBox(hostRoot: string): Node[] {
  const note = paragraph(loadFailed);
  note.setAttribute('role', 'status');
  const link = document.createElement('a');
  link.href = serviceHomeUrl(hostRoot);
  link.textContent = attribution;
  return [note, paragraph(link), paragraph(disclaimer)];
}
