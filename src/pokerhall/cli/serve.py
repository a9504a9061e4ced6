"""`pokerhall serve`: the web server with lobby, live tables and the browser client."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pokerhall.server.people.mail import MailSettings
from pokerhall.server.serve import DEFAULT_DB, PortInUse, serve
from pokerhall.server.tables.absence import GRACE_SECONDS
from pokerhall.server.wire.ratelimit import ClientAddresses, Limits


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str,
        typer.Option(help="Database URL: a SQLite file (default) or postgresql://user@host/db."),
    ] = DEFAULT_DB,
    packs: Annotated[
        Path | None,
        typer.Option(
            help="A folder of content packs (*.jsonl) tables may use, each by its file name"
            " without .jsonl.",
            exists=True,
            file_okay=False,
        ),
    ] = None,
    dev: Annotated[
        bool, typer.Option(help="Serve the interactive API page at /docs (loads a public CDN).")
    ] = False,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://host:6379): run as one of several processes sharing the"
            " tables of one PostgreSQL --db, behind any load balancer."
        ),
    ] = None,
    redis_prefix: Annotated[
        str, typer.Option(help="Channel prefix: processes of one hall share it on one Redis.")
    ] = "pokerhall",
    remove_grace: Annotated[
        float,
        typer.Option(
            help="Seconds a player must have been away before the table's creator can remove"
            " them (a reload or a network blip is not leaving).",
            min=0,
        ),
    ] = GRACE_SECONDS,
    limit: Annotated[
        list[str] | None,
        typer.Option(
            help="Set a rate limit, NAME=VALUE (repeatable), e.g. codes='60/minute;600/hour'"
            " or table_sockets=24; the limits and their defaults are in docs/deploy.md.",
        ),
    ] = None,
    forwarded_header: Annotated[
        str | None,
        typer.Option(
            help="Behind a reverse proxy: the header naming the client's address (such as"
            " X-Forwarded-For), read only from a --trusted-proxy. Default: the socket's peer.",
        ),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="An address or network (CIDR) of a reverse proxy whose --forwarded-header is"
            " believed (repeatable; default: this machine, 127.0.0.0/8 and ::1).",
        ),
    ] = None,
    smtp_host: Annotated[
        str | None,
        typer.Option(
            help="The SMTP server e-mail notices go through (none: no e-mail).",
            envvar="POKERHALL_SMTP_HOST",
        ),
    ] = None,
    smtp_port: Annotated[int, typer.Option(help="Its port.", envvar="POKERHALL_SMTP_PORT")] = 587,
    smtp_security: Annotated[
        str,
        typer.Option(
            help="starttls (port 587), ssl (implicit TLS, port 465) or none (a local relay).",
            envvar="POKERHALL_SMTP_SECURITY",
        ),
    ] = "starttls",
    smtp_user: Annotated[
        str | None,
        typer.Option(help="The SMTP login, if it asks for one.", envvar="POKERHALL_SMTP_USER"),
    ] = None,
    smtp_password: Annotated[
        str | None,
        typer.Option(
            help="Its password (better in the environment than on the command line).",
            envvar="POKERHALL_SMTP_PASSWORD",
        ),
    ] = None,
    smtp_from: Annotated[
        str, typer.Option(help="The From of every notice.", envvar="POKERHALL_SMTP_FROM")
    ] = "pokerhall <pokerhall@localhost>",
    public_url: Annotated[
        str,
        typer.Option(
            help="This server's HTTPS address as players reach it: the links of every mail.",
            envvar="POKERHALL_PUBLIC_URL",
        ),
    ] = "https://localhost",
    digest_hour: Annotated[
        int,
        typer.Option(
            help="The hour (UTC) the daily digests go out from.", envvar="POKERHALL_DIGEST_HOUR"
        ),
    ] = 7,
) -> None:
    """Run the server; open the printed address in a browser to play."""
    try:  # a bad --limit, --trusted-proxy or mail setting is told before the server starts
        Limits().with_settings(limit or ())
        ClientAddresses.parse_proxies(trusted_proxy or ())
        mail = MailSettings(
            host=smtp_host or None,
            port=smtp_port,
            security=smtp_security,
            user=smtp_user or None,
            password=smtp_password or None,
            sender=smtp_from,
            public_url=public_url,
            digest_hour=digest_hour,
        )
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    try:
        serve(
            host=host,
            port=port,
            db=db,
            packs=packs,
            dev=dev,
            redis=redis,
            redis_prefix=redis_prefix,
            limits=limit or (),
            forwarded_header=forwarded_header,
            trusted_proxies=trusted_proxy or (),
            remove_grace=remove_grace,
            mail=mail,
        )
    except PortInUse as busy:
        typer.echo(str(busy), err=True)
        raise typer.Exit(1) from None
