/**
 * The element's whole bundle as one function, which defines <service-valuation> when called with
 * the widget host's root (vite.config.ts).
 */
declare module 'virtual:element-code' {
  const runElementCode: (hostRoot: string) => void;
  export default runElementCode;
}
