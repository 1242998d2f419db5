vcl 4.1;

# The CDN in front of the publisher: what it does and why, docs/reference/cdn.md;
# how to run it, docs/guides/operating-the-publisher.md ("Two arrangements").
#
# Pages, page-data and app-data.json are kept until the publisher purges
# them: it sends the origin's Surrogate-Control (a year, stale-if-error a
# week) and Surrogate-Key on each answer, and after each release one PURGE
# naming the keys of the files that release changed (publisher/src/cdn/).
# Content-hashed files keep their own year (Cache-Control: immutable).
# Other answers (a 404, a redirect) are kept two minutes at most.
#
# A purge is soft: the old copy stays for its stale-if-error week. While the
# origin answers it is never served (req.grace 0s): the next visitor waits
# for the new copy. When the origin fails or is gone, vcl_deliver restarts
# the request once, allowed the old copy: the site stays up on what it last
# showed. (stale-while-revalidate is for CDNs that keep pages by time; here
# nothing expires but by purge.)
#
# Two listen addresses, the second named `purge`: only it takes PURGE.
#
#   varnishd -a :80 -a purge=127.0.0.1:6082 -f /etc/varnish/site.vcl ...
#
# backend.vcl (beside this file, or on vcl_path) names the origin and who
# may purge: `backend publisher { ... }` and `acl purgers { ... }`; see
# backend.example.vcl. `npm run cdn` writes one for a local try.

import std;
import xkey;

include "backend.vcl";

sub vcl_recv {
    # For a load balancer's or a start script's check: answered by Varnish itself, never the origin.
    if (req.url == "/_varnish/health") {
        return (synth(200, "OK"));
    }
    if (req.method == "PURGE") {
        # Only the publisher purges: anyone else could empty the cache and send every visitor to the origin.
        # The address alone is not enough: behind a TLS terminator on this machine every visitor comes from
        # loopback. So the purge listen address too, which only the publisher can reach.
        if (local.socket != "purge" || client.ip !~ purgers) {
            return (synth(403, "Purging is not allowed here"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "Name the keys to purge in the xkey-purge header"));
        }
        # A soft purge: the copy stays, past its time, for the origin's outages (vcl_deliver below); while
        # the origin answers, the next request fetches the new copy and never gets the one the release replaced.
        set req.http.x-purged = xkey.softpurge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.x-purged + " objects"));
    }

    # The origin believes only what Varnish saw. It trusts Varnish's address (PUBLISHER_TRUST_PROXY) and takes
    # the client to be the last address of X-Forwarded-For that it does not trust: one Varnish appends to
    # what the client sent would let a client whose own address is trusted (a TLS terminator on loopback)
    # name any address. And no client's word for the host or the scheme (the admin paths' Host check reads
    # X-Forwarded-Host from a trusted proxy).
    set req.http.X-Forwarded-For = client.ip;
    unset req.http.X-Forwarded-Host;
    unset req.http.X-Forwarded-Proto;
    unset req.http.Forwarded;

    # The publisher's own endpoints (status, status page, rollback, webhook): never kept, always the
    # origin, which refuses them without its token (X-Forwarded-For marks them as proxied). Query kept:
    # a rollback may name its release there.
    if (req.url ~ "^/(status|_publisher/|releases/|hooks/)") {
        return (pass);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }

    # The site reads no query string (node-kit/http/static-server.ts serves by path): one copy per path, so
    # random queries cannot fill the cache.
    set req.url = regsub(req.url, "\?.*$", "");

    # The site sets no cookies and takes no credentials: a visitor's own must not make a page uncacheable.
    unset req.http.Cookie;
    unset req.http.Authorization;

    # The origin compresses with brotli or gzip; Varnish would ask it for gzip only. One variant per
    # encoding, not per browser's spelling of Accept-Encoding.
    if (req.http.Accept-Encoding ~ "(^|,)\s*br\s*(,|;|$)") {
        set req.http.Accept-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "(^|,)\s*gzip\s*(,|;|$)") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }
    set req.http.x-encoding = req.http.Accept-Encoding;

    if (req.restarts == 0) {
        # A copy past its time (purged, or a year old) is never served while the origin can give the new one.
        set req.grace = 0s;
    } else {
        # The origin failed (vcl_deliver restarted the request): any copy within its own grace, its stale-if-error.
        set req.grace = 3650d;
    }
    return (hash);
}

sub vcl_hash {
    # The path, not the Host: the origin serves one site whatever name it is asked by, so random names
    # would only fill the cache. (A Varnish in front of several sites must hash a host it has checked.)
    hash_data(req.url);
    # One kept copy per encoding the origin sent: Varnish's own Vary handling would take a gzip-only
    # browser's Accept-Encoding for a brotli one's, and send it brotli.
    if (req.http.x-encoding) {
        hash_data(req.http.x-encoding);
    }
    return (lookup);
}

sub vcl_backend_fetch {
    # Varnish has replaced Accept-Encoding with gzip: ask for what the visitor's browser takes.
    if (bereq.http.x-encoding) {
        set bereq.http.Accept-Encoding = bereq.http.x-encoding;
    } else {
        unset bereq.http.Accept-Encoding;
    }
    unset bereq.http.x-encoding;
}

sub vcl_backend_response {
    if (bereq.uncacheable) {
        return (deliver);
    }
    # An origin that errs or is gone: a background refresh keeps the copy Varnish has.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    if (beresp.status >= 500) {
        # Not kept: the next visitor asks the origin again.
        set beresp.ttl = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # An answer for one visitor, or one no shared cache may keep, whatever its Surrogate-Control says:
    # not kept (hit-for-miss, so the requests for it are not queued behind one another). Varnish's
    # built-in VCL would say the same, but it never runs: this subroutine always returns.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)" ||
        beresp.http.Surrogate-Control ~ "(?i)no-store" || beresp.http.Vary == "*") {
        set beresp.ttl = 120s;
        set beresp.grace = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    if (beresp.http.Surrogate-Control ~ "max-age=[0-9]+") {
        set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "^.*max-age=([0-9]+).*$", "\1s"), 0s);
        set beresp.grace = 0s;
        if (beresp.http.Surrogate-Control ~ "stale-if-error=[0-9]+") {
            # Served stale this long when the copy is past its time and the origin cannot give a new one.
            set beresp.grace = std.duration(regsub(beresp.http.Surrogate-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 60s);
        }
    }
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    if (beresp.status != 200) {
        # A 404 answers whatever path a visitor makes up: kept minutes, not the year a page is kept until
        # purged, and not past them for an outage, so made-up paths cannot fill the cache.
        if (beresp.ttl > 2m) {
            set beresp.ttl = 2m;
        }
        set beresp.grace = 0s;
    }
    # Cache-Control says max-age=0 to browsers; the ttl above is what Varnish keeps by.
    return (deliver);
}

sub vcl_deliver {
    # The origin is down or failing: try once more, taking a copy past its time if Varnish has one.
    if (resp.status >= 500 && req.restarts == 0 && (req.method == "GET" || req.method == "HEAD")) {
        return (restart);
    }
    # What only a CDN reads stays here.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Surrogate-Control;
    unset resp.http.Cache-Tag;
    unset resp.http.CDN-Cache-Control;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
