/* global DOMParser, HTMLScriptElement */
// Adds a pasted snippet to the page as a site owner's own HTML would: the container as it is, and a
// new script element for each <script> (scripts from a parser do not run).
document.getElementById('paste').addEventListener('submit', (event) => {
  event.preventDefault();
  const slot = document.getElementById('slot');
  const parsed = new DOMParser().parseFromString(document.getElementById('snippet').value, 'text/html');
  slot.replaceChildren();
  for (const node of [...parsed.body.childNodes]) {
    if (node instanceof HTMLScriptElement) {
      // Every attribute as pasted: a pinned snippet's integrity and crossorigin are its point.
      const script = document.createElement('script');
      for (const { name, value } of node.attributes) script.setAttribute(name, value);
      script.async = true;
      slot.append(script);
    } else {
      slot.append(document.importNode(node, true));
    }
  }
});
