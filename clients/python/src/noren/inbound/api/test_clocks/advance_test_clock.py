from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.advance_clock_values import AdvanceClockValues
from ...models.inbound_error_body import InboundErrorBody
from ...models.test_clock import TestClock
from typing import cast



def _get_kwargs(
    platform: str,
    *,
    body: AdvanceClockValues,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/inbound-external/{platform}/test_clock/advance".format(platform=quote(str(platform), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | TestClock:
    if response.status_code == 200:
        response_200 = TestClock.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = InboundErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = InboundErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = InboundErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = InboundErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = InboundErrorBody.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = InboundErrorBody.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = InboundErrorBody.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = InboundErrorBody.from_dict(response.json())



        return response_429

    response_default = InboundErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | TestClock]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: str,
    *,
    client: AuthenticatedClient,
    body: AdvanceClockValues,

) -> Response[InboundErrorBody | TestClock]:
    """ Advance the test clock

     Moves the clock to `frozenTime` and runs, in the order they fell due, every timer of the platform's
    test mode due by then: notification deliveries and their retries, and endpoint disabling. Holds
    expire and cutoffs pass as the clock says. Answers when everything due has run (`status` `ready`,
    `lastAdvance` counting it). Notifications are signed as always: their signature timestamp is real
    time (your receiver checks it against its own clock).

    Args:
        platform (str):
        body (AdvanceClockValues): The advance's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | TestClock]
     """


    kwargs = _get_kwargs(
        platform=platform,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    *,
    client: AuthenticatedClient,
    body: AdvanceClockValues,

) -> InboundErrorBody | TestClock | None:
    """ Advance the test clock

     Moves the clock to `frozenTime` and runs, in the order they fell due, every timer of the platform's
    test mode due by then: notification deliveries and their retries, and endpoint disabling. Holds
    expire and cutoffs pass as the clock says. Answers when everything due has run (`status` `ready`,
    `lastAdvance` counting it). Notifications are signed as always: their signature timestamp is real
    time (your receiver checks it against its own clock).

    Args:
        platform (str):
        body (AdvanceClockValues): The advance's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | TestClock
     """


    return sync_detailed(
        platform=platform,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    platform: str,
    *,
    client: AuthenticatedClient,
    body: AdvanceClockValues,

) -> Response[InboundErrorBody | TestClock]:
    """ Advance the test clock

     Moves the clock to `frozenTime` and runs, in the order they fell due, every timer of the platform's
    test mode due by then: notification deliveries and their retries, and endpoint disabling. Holds
    expire and cutoffs pass as the clock says. Answers when everything due has run (`status` `ready`,
    `lastAdvance` counting it). Notifications are signed as always: their signature timestamp is real
    time (your receiver checks it against its own clock).

    Args:
        platform (str):
        body (AdvanceClockValues): The advance's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | TestClock]
     """


    kwargs = _get_kwargs(
        platform=platform,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    *,
    client: AuthenticatedClient,
    body: AdvanceClockValues,

) -> InboundErrorBody | TestClock | None:
    """ Advance the test clock

     Moves the clock to `frozenTime` and runs, in the order they fell due, every timer of the platform's
    test mode due by then: notification deliveries and their retries, and endpoint disabling. Holds
    expire and cutoffs pass as the clock says. Answers when everything due has run (`status` `ready`,
    `lastAdvance` counting it). Notifications are signed as always: their signature timestamp is real
    time (your receiver checks it against its own clock).

    Args:
        platform (str):
        body (AdvanceClockValues): The advance's body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | TestClock
     """


    return (await asyncio_detailed(
        platform=platform,
client=client,
body=body,

    )).parsed
