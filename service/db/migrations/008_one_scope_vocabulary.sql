-- One scope vocabulary (core/grants/scopes.ts): MCP's organization.read is organizations.read, as on the Platform API.
update oauth_requests set scopes = array_replace(scopes, 'organization.read', 'organizations.read');
update oauth_codes set scopes = array_replace(scopes, 'organization.read', 'organizations.read');
update oauth_tokens set scopes = array_replace(scopes, 'organization.read', 'organizations.read');
