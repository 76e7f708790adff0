/** The e2e run's origins: the Playwright config starts the servers on them, and the specs reach them here. */
export const DEMO_PORT = 4173;
export const WIDGET_HOST_PORT = 8788;
export const STATIC_DEMO_PORT = 5175;
export const PLATFORM_PORT = 8792;
export const MCP_PORT = 8793;
export const MAIL_INBOX_PORT = 8794;
