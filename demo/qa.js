// Builds the container from the query string, the way a site owner would write it by hand.
const params = new URLSearchParams(location.search);
const container = document.createElement('div');
container.setAttribute('data-service-valuation', '');
container.setAttribute('data-embed-key', params.get('key') ?? 'svce_test_demo0000000000000001');
for (const name of ['theme', 'mode', 'lang']) {
  if (params.has(name)) container.setAttribute(`data-${name}`, params.get(name));
}
// The page's own language, which data-lang="auto" follows.
if (params.has('pagelang')) document.documentElement.lang = params.get('pagelang');
document.getElementById('slot').append(container);
if (params.get('theme') === 'dark') document.body.classList.add('dark');
