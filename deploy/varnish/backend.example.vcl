# Copy to backend.vcl beside site.vcl and set the publisher's address.
# npm run cdn writes its own for a local try (scripts/cdn.ts).

backend publisher {
    .host = "127.0.0.1";
    .port = "9000";
    .connect_timeout = 2s;
    # A page the publisher compresses for the first time (brotli) takes longer than a cached one.
    .first_byte_timeout = 30s;
}

# Who may PURGE: the publisher's address only, as Varnish sees it on its
# `purge` listen address (varnishd -a purge=...); PURGE on any other is refused.
acl purgers {
    "127.0.0.1";
    "::1";
}
