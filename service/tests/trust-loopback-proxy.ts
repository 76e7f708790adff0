/**
 * Imported first by a test that plays clients on other networks: the service trusts loopback as its
 * balancer, so each request's X-Forwarded-For names the client (web/client-address.ts reads this once).
 */
process.env.TRUSTED_PROXIES = '127.0.0.1,::1,::ffff:127.0.0.1';
