from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.test_clock import TestClock
from typing import cast
import datetime



def _get_kwargs(
    *,
    frozen_time: datetime.datetime,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_frozen_time = frozen_time.isoformat()
    params["frozen_time"] = json_frozen_time


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/test_clock/advance",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | TestClock:
    if response.status_code == 200:
        response_200 = TestClock.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ErrorBody.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | TestClock]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    frozen_time: datetime.datetime,

) -> Response[ErrorBody | TestClock]:
    """ Advance the test clock

     Moves the clock to `frozen_time` and runs, in the order they fell due, every timer of the
    shop's test mode due by then: webhook deliveries and their retries (a retry a failed attempt
    asks for runs too if it falls due before `frozen_time`), and endpoint disabling. Answers when
    they have run (`status` `ready`, `last_advance` counting them). Webhooks sent meanwhile are
    signed as always: their signature timestamp is real time (your receiver checks it against
    its own clock), while the event log shows the clock's times.

    Args:
        frozen_time (datetime.datetime):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TestClock]
     """


    kwargs = _get_kwargs(
        frozen_time=frozen_time,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    frozen_time: datetime.datetime,

) -> ErrorBody | TestClock | None:
    """ Advance the test clock

     Moves the clock to `frozen_time` and runs, in the order they fell due, every timer of the
    shop's test mode due by then: webhook deliveries and their retries (a retry a failed attempt
    asks for runs too if it falls due before `frozen_time`), and endpoint disabling. Answers when
    they have run (`status` `ready`, `last_advance` counting them). Webhooks sent meanwhile are
    signed as always: their signature timestamp is real time (your receiver checks it against
    its own clock), while the event log shows the clock's times.

    Args:
        frozen_time (datetime.datetime):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TestClock
     """


    return sync_detailed(
        client=client,
frozen_time=frozen_time,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    frozen_time: datetime.datetime,

) -> Response[ErrorBody | TestClock]:
    """ Advance the test clock

     Moves the clock to `frozen_time` and runs, in the order they fell due, every timer of the
    shop's test mode due by then: webhook deliveries and their retries (a retry a failed attempt
    asks for runs too if it falls due before `frozen_time`), and endpoint disabling. Answers when
    they have run (`status` `ready`, `last_advance` counting them). Webhooks sent meanwhile are
    signed as always: their signature timestamp is real time (your receiver checks it against
    its own clock), while the event log shows the clock's times.

    Args:
        frozen_time (datetime.datetime):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TestClock]
     """


    kwargs = _get_kwargs(
        frozen_time=frozen_time,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    frozen_time: datetime.datetime,

) -> ErrorBody | TestClock | None:
    """ Advance the test clock

     Moves the clock to `frozen_time` and runs, in the order they fell due, every timer of the
    shop's test mode due by then: webhook deliveries and their retries (a retry a failed attempt
    asks for runs too if it falls due before `frozen_time`), and endpoint disabling. Answers when
    they have run (`status` `ready`, `last_advance` counting them). Webhooks sent meanwhile are
    signed as always: their signature timestamp is real time (your receiver checks it against
    its own clock), while the event log shows the clock's times.

    Args:
        frozen_time (datetime.datetime):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TestClock
     """


    return (await asyncio_detailed(
        client=client,
frozen_time=frozen_time,

    )).parsed
