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
    platform: str,
    *,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    reservation_numbers: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    params["reservationNumbers"] = reservation_numbers


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/inbound-external/{platform}/shops/reservations".format(platform=quote(str(platform), safe=""),),
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

    if response.status_code == 404:
        response_404 = InboundErrorBody.from_dict(response.json())



        return response_404

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
    platform: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    reservation_numbers: str | Unset = UNSET,

) -> Response[InboundErrorBody | ReservationList]:
    """ List reservations

     The reservations made through the key's platform in the key's mode (an `ipk_test_` key sees test
    reservations, the others live ones), newest first. `reservationNumbers` narrows the list to up to 30
    reservations, each given by its id or its origin number; unknown numbers are left out (they never
    answer another platform's data).

    Args:
        platform (str):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        reservation_numbers (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | ReservationList]
     """


    kwargs = _get_kwargs(
        platform=platform,
limit=limit,
offset=offset,
reservation_numbers=reservation_numbers,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    reservation_numbers: str | Unset = UNSET,

) -> InboundErrorBody | ReservationList | None:
    """ List reservations

     The reservations made through the key's platform in the key's mode (an `ipk_test_` key sees test
    reservations, the others live ones), newest first. `reservationNumbers` narrows the list to up to 30
    reservations, each given by its id or its origin number; unknown numbers are left out (they never
    answer another platform's data).

    Args:
        platform (str):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        reservation_numbers (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | ReservationList
     """


    return sync_detailed(
        platform=platform,
client=client,
limit=limit,
offset=offset,
reservation_numbers=reservation_numbers,

    ).parsed

async def asyncio_detailed(
    platform: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    reservation_numbers: str | Unset = UNSET,

) -> Response[InboundErrorBody | ReservationList]:
    """ List reservations

     The reservations made through the key's platform in the key's mode (an `ipk_test_` key sees test
    reservations, the others live ones), newest first. `reservationNumbers` narrows the list to up to 30
    reservations, each given by its id or its origin number; unknown numbers are left out (they never
    answer another platform's data).

    Args:
        platform (str):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        reservation_numbers (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | ReservationList]
     """


    kwargs = _get_kwargs(
        platform=platform,
limit=limit,
offset=offset,
reservation_numbers=reservation_numbers,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,
    offset: int | Unset = 0,
    reservation_numbers: str | Unset = UNSET,

) -> InboundErrorBody | ReservationList | None:
    """ List reservations

     The reservations made through the key's platform in the key's mode (an `ipk_test_` key sees test
    reservations, the others live ones), newest first. `reservationNumbers` narrows the list to up to 30
    reservations, each given by its id or its origin number; unknown numbers are left out (they never
    answer another platform's data).

    Args:
        platform (str):
        limit (int | Unset):
        offset (int | Unset):  Default: 0.
        reservation_numbers (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | ReservationList
     """


    return (await asyncio_detailed(
        platform=platform,
client=client,
limit=limit,
offset=offset,
reservation_numbers=reservation_numbers,

    )).parsed
