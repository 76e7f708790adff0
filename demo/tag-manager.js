// A tag manager's custom HTML tag, fired after the page has loaded: container first, then the script.
const widgetHost = document.currentScript.dataset.widgetHost;
window.addEventListener('load', () => {
  const container = document.createElement('div');
  container.setAttribute('data-service-valuation', '');
  container.setAttribute('data-embed-key', 'svce_test_demo0000000000000001');
  document.getElementById('slot').append(container);
  setTimeout(() => {
    const script = document.createElement('script');
    script.async = true;
    script.src = `${widgetHost}/v1/widget.js`;
    document.body.append(script);
  }, 300);
});
