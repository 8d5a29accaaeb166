"""The official Python client of Noren: the payment API (``noren.pay``), the ordering API
(``noren.order``) and the inbound reservation API (``noren.inbound``), generated with
openapi-python-client from the committed specs (``noren.SPECS`` names them), with idempotent
retries, typed errors, webhook verification and test clocks (``noren._client``)."""

from ._client import (
    VERSION,
    FieldError,
    Noren,
    NorenError,
    TestClock,
    idempotency_key,
    retry_delay,
    verify_webhook,
)
from ._specs import SPECS

__version__ = VERSION
__all__ = [
    "SPECS",
    "VERSION",
    "FieldError",
    "Noren",
    "NorenError",
    "TestClock",
    "idempotency_key",
    "retry_delay",
    "verify_webhook",
]
