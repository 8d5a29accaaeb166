from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.test_clock import TestClock
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    *,
    frozen_time: datetime.datetime | Unset = UNSET,
    name: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_frozen_time: str | Unset = UNSET
    if not isinstance(frozen_time, Unset):
        json_frozen_time = frozen_time.isoformat()
    params["frozen_time"] = json_frozen_time

    params["name"] = name


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/test_clock",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | TestClock:
    if response.status_code == 201:
        response_201 = TestClock.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())



        return response_403

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
    frozen_time: datetime.datetime | Unset = UNSET,
    name: str | Unset = UNSET,

) -> Response[ErrorBody | TestClock]:
    """ Create the test clock

     Puts the shop's test mode on a clock of its own, stopped at `frozen_time`: from now on every
    time rule of the shop's test payments reads it (expiry, the refund window, idempotency keys,
    webhook retries) and what is created is stamped with it. Live mode, other shops and
    `/healthz` keep real time. One clock per shop and mode.

    Args:
        frozen_time (datetime.datetime | Unset):
        name (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TestClock]
     """


    kwargs = _get_kwargs(
        frozen_time=frozen_time,
name=name,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    frozen_time: datetime.datetime | Unset = UNSET,
    name: str | Unset = UNSET,

) -> ErrorBody | TestClock | None:
    """ Create the test clock

     Puts the shop's test mode on a clock of its own, stopped at `frozen_time`: from now on every
    time rule of the shop's test payments reads it (expiry, the refund window, idempotency keys,
    webhook retries) and what is created is stamped with it. Live mode, other shops and
    `/healthz` keep real time. One clock per shop and mode.

    Args:
        frozen_time (datetime.datetime | Unset):
        name (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TestClock
     """


    return sync_detailed(
        client=client,
frozen_time=frozen_time,
name=name,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    frozen_time: datetime.datetime | Unset = UNSET,
    name: str | Unset = UNSET,

) -> Response[ErrorBody | TestClock]:
    """ Create the test clock

     Puts the shop's test mode on a clock of its own, stopped at `frozen_time`: from now on every
    time rule of the shop's test payments reads it (expiry, the refund window, idempotency keys,
    webhook retries) and what is created is stamped with it. Live mode, other shops and
    `/healthz` keep real time. One clock per shop and mode.

    Args:
        frozen_time (datetime.datetime | Unset):
        name (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TestClock]
     """


    kwargs = _get_kwargs(
        frozen_time=frozen_time,
name=name,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    frozen_time: datetime.datetime | Unset = UNSET,
    name: str | Unset = UNSET,

) -> ErrorBody | TestClock | None:
    """ Create the test clock

     Puts the shop's test mode on a clock of its own, stopped at `frozen_time`: from now on every
    time rule of the shop's test payments reads it (expiry, the refund window, idempotency keys,
    webhook retries) and what is created is stamped with it. Live mode, other shops and
    `/healthz` keep real time. One clock per shop and mode.

    Args:
        frozen_time (datetime.datetime | Unset):
        name (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TestClock
     """


    return (await asyncio_detailed(
        client=client,
frozen_time=frozen_time,
name=name,

    )).parsed
