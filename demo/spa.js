// A tiny client-side router: routes replace the outlet's content; buttons add, move and remove widgets.
const outlet = document.getElementById('outlet');
const widget = () => {
  const slot = document.createElement('div');
  slot.className = 'valuation-slot';
  const container = document.createElement('div');
  container.setAttribute('data-service-valuation', '');
  container.setAttribute('data-embed-key', 'svce_test_demo0000000000000001');
  slot.append(container);
  return slot;
};
document.getElementById('add').addEventListener('click', () => outlet.append(widget()));
document
  .getElementById('move')
  .addEventListener('click', () => outlet.firstElementChild && outlet.append(outlet.firstElementChild));
document.getElementById('remove').addEventListener('click', () => outlet.lastElementChild?.remove());
document.getElementById('route').addEventListener('click', () => {
  const page = document.createElement('section');
  const heading = document.createElement('h2');
  heading.textContent = 'Another route';
  page.append(heading, widget());
  outlet.replaceChildren(page);
});
