// Records every Content-Security-Policy violation the page sees, for QA and the e2e specs.
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
  const counter = document.getElementById('violations');
  if (counter) counter.textContent = String(window.__cspViolations.length);
});
