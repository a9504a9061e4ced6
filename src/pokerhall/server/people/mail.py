"""Sending e-mail through the SMTP server the operator configures (`MailSettings`, from
`serve --smtp-host ...` or the `POKERHALL_SMTP_*` environment variables, docs/deploy.md).

The standard library's `smtplib` does the talking, in a worker thread (`asyncio.to_thread`), so
a slow or unreachable mail server never holds up the event loop the tables run on. A send ends
in one of three ways (`Delivery`): sent; `bounced`, when the server refused the recipient or
the message with a permanent (5xx) answer at RCPT or DATA, which marks the address; or `failed`
(the server unreachable, a temporary 4xx answer), which is logged and not retried: the next
turn, or the digest, tells the person again. Nothing logged here names the address: an SMTP
error's text may quote it, so only its class and code are logged."""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from enum import Enum

log = logging.getLogger("pokerhall.server")

SECURITY = ("starttls", "ssl", "none")


@dataclass(frozen=True)
class MailSettings:
    """Where notices are sent from. `host` None: no SMTP server, so no e-mail at all (said at
    start-up). `public_url` is the server's address as players reach it, which every mail's
    links (the table, the one-click unsubscribe) start with: HTTPS, as RFC 8058 asks of a
    `List-Unsubscribe` link. `security`: `starttls` (the default, port 587), `ssl` (implicit
    TLS, port 465) or `none` (a relay on this machine, port 25)."""

    host: str | None = None
    port: int = 587
    security: str = "starttls"
    user: str | None = None
    password: str | None = None
    sender: str = "pokerhall <pokerhall@localhost>"
    public_url: str = "https://localhost"
    digest_hour: int = 7
    """The hour (UTC) from which each day's digests go out."""
    timeout: float = 30.0

    def __post_init__(self) -> None:
        if self.security not in SECURITY:
            raise ValueError(
                f"smtp security is one of {', '.join(SECURITY)}: not {self.security!r}"
            )
        if not self.public_url.startswith("https://"):
            raise ValueError(
                f"the public URL must start with https:// (the unsubscribe link of every"
                f" mail is HTTPS, RFC 8058): not {self.public_url!r}"
            )
        if not 0 <= self.digest_hour <= 23:
            raise ValueError(f"the digest hour is 0 to 23 (UTC): not {self.digest_hour}")
        if not 0 < self.port < 65536:
            raise ValueError(f"the SMTP port is 1 to 65535: not {self.port}")

    @property
    def enabled(self) -> bool:
        return self.host is not None

    def link(self, path: str) -> str:
        return self.public_url.rstrip("/") + path

    def describe(self) -> str:
        """What start-up says about e-mail (never the password)."""
        if self.host is None:
            return "e-mail notices are off: no SMTP server is configured (serve --smtp-host)"
        return f"e-mail notices go through {self.host}:{self.port} ({self.security})"


class Delivery(Enum):
    SENT = "sent"
    BOUNCED = "bounced"
    FAILED = "failed"


class Mailer:
    """Sends one message at a time through the configured server."""

    def __init__(self, settings: MailSettings) -> None:
        self.settings = settings

    async def send(self, message: EmailMessage, what: str) -> Delivery:
        """Send `message`; `what` names it in the log (a table and seat, never the address)."""
        try:
            await asyncio.to_thread(self._send, message)
        except (smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError) as exc:
            code = _code(exc)
            if code is not None and 500 <= code < 600:
                log.warning(
                    "%s: the mail server refused the address (%d): marked bounced", what, code
                )
                return Delivery.BOUNCED
            log.warning("%s: the mail server did not take the notice (%s)", what, code)
            return Delivery.FAILED
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("%s: could not send the notice: %s", what, type(exc).__name__)
            return Delivery.FAILED
        return Delivery.SENT

    def _send(self, message: EmailMessage) -> None:
        settings = self.settings
        assert settings.host is not None
        context = ssl.create_default_context()
        smtp: smtplib.SMTP
        if settings.security == "ssl":
            smtp = smtplib.SMTP_SSL(
                settings.host, settings.port, timeout=settings.timeout, context=context
            )
        else:
            smtp = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
        with smtp:
            if settings.security == "starttls":
                smtp.starttls(context=context)
            if settings.user is not None:
                smtp.login(settings.user, settings.password or "")
            smtp.send_message(message)


def _code(exc: smtplib.SMTPRecipientsRefused | smtplib.SMTPDataError) -> int | None:
    """The SMTP reply code of a refusal (the first recipient's, for a refused RCPT)."""
    if isinstance(exc, smtplib.SMTPDataError):
        return int(exc.smtp_code)
    for code, _reason in exc.recipients.values():
        return int(code)
    return None
