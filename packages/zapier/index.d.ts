/** The integration's definition (index.js), typed loosely: its parts are read from the contract at load. */
type ZapFunction = (z: never, bundle: never) => unknown;
interface Action {
  key: string;
  noun: string;
  display: { label: string; description: string };
  operation: { perform: ZapFunction; [part: string]: unknown };
}
interface HookTrigger extends Action {
  operation: Action['operation'] & {
    performSubscribe: ZapFunction;
    performUnsubscribe: ZapFunction;
    performList: ZapFunction;
  };
}
declare const app: {
  version: string;
  platformVersion: string;
  authentication: { test: ZapFunction; [part: string]: unknown };
  triggers: Record<string, HookTrigger>;
  creates: Record<string, Action>;
  searches: Record<string, Action>;
};
export default app;
