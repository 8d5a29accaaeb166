from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...models.reservation_list import ReservationList
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    status: str | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["status"] = status

    params["offset"] = offset

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/inbound/reservations",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | ReservationList:
    if response.status_code == 200:
        response_200 = ReservationList.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = InboundErrorBody.from_dict(response.json())



        return response_429

    response_default = InboundErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | ReservationList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: str | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,

) -> Response[InboundErrorBody | ReservationList]:
    """ List the shop's reservations (merchant)

     The inbound reservations of the key's shop in the key's mode, from every platform, newest first;
    `status` narrows them (e.g. `PENDING`: the requests waiting for a confirmation).

    Args:
        status (str | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | ReservationList]
     """


    kwargs = _get_kwargs(
        status=status,
offset=offset,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    status: str | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,

) -> InboundErrorBody | ReservationList | None:
    """ List the shop's reservations (merchant)

     The inbound reservations of the key's shop in the key's mode, from every platform, newest first;
    `status` narrows them (e.g. `PENDING`: the requests waiting for a confirmation).

    Args:
        status (str | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | ReservationList
     """


    return sync_detailed(
        client=client,
status=status,
offset=offset,
limit=limit,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: str | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,

) -> Response[InboundErrorBody | ReservationList]:
    """ List the shop's reservations (merchant)

     The inbound reservations of the key's shop in the key's mode, from every platform, newest first;
    `status` narrows them (e.g. `PENDING`: the requests waiting for a confirmation).

    Args:
        status (str | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | ReservationList]
     """


    kwargs = _get_kwargs(
        status=status,
offset=offset,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    status: str | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,

) -> InboundErrorBody | ReservationList | None:
    """ List the shop's reservations (merchant)

     The inbound reservations of the key's shop in the key's mode, from every platform, newest first;
    `status` narrows them (e.g. `PENDING`: the requests waiting for a confirmation).

    Args:
        status (str | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | ReservationList
     """


    return (await asyncio_detailed(
        client=client,
status=status,
offset=offset,
limit=limit,

    )).parsed
