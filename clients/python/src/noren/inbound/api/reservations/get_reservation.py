from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...models.reservation import Reservation
from typing import cast



def _get_kwargs(
    platform: str,
    reservation_number: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/inbound-external/{platform}/shops/reservations/{reservation_number}".format(platform=quote(str(platform), safe=""),reservation_number=quote(str(reservation_number), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | Reservation:
    if response.status_code == 200:
        response_200 = Reservation.from_dict(response.json())



        return response_200

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | Reservation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: str,
    reservation_number: str,
    *,
    client: AuthenticatedClient,

) -> Response[InboundErrorBody | Reservation]:
    """ Retrieve a reservation

     One reservation of the key's platform and mode, by its id (`rsv_…`) or its origin number. Another
    platform's reservation, or one of the other mode, answers 404 as if it did not exist.

    Args:
        platform (str):
        reservation_number (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | Reservation]
     """


    kwargs = _get_kwargs(
        platform=platform,
reservation_number=reservation_number,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    reservation_number: str,
    *,
    client: AuthenticatedClient,

) -> InboundErrorBody | Reservation | None:
    """ Retrieve a reservation

     One reservation of the key's platform and mode, by its id (`rsv_…`) or its origin number. Another
    platform's reservation, or one of the other mode, answers 404 as if it did not exist.

    Args:
        platform (str):
        reservation_number (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | Reservation
     """


    return sync_detailed(
        platform=platform,
reservation_number=reservation_number,
client=client,

    ).parsed

async def asyncio_detailed(
    platform: str,
    reservation_number: str,
    *,
    client: AuthenticatedClient,

) -> Response[InboundErrorBody | Reservation]:
    """ Retrieve a reservation

     One reservation of the key's platform and mode, by its id (`rsv_…`) or its origin number. Another
    platform's reservation, or one of the other mode, answers 404 as if it did not exist.

    Args:
        platform (str):
        reservation_number (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | Reservation]
     """


    kwargs = _get_kwargs(
        platform=platform,
reservation_number=reservation_number,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    reservation_number: str,
    *,
    client: AuthenticatedClient,

) -> InboundErrorBody | Reservation | None:
    """ Retrieve a reservation

     One reservation of the key's platform and mode, by its id (`rsv_…`) or its origin number. Another
    platform's reservation, or one of the other mode, answers 404 as if it did not exist.

    Args:
        platform (str):
        reservation_number (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | Reservation
     """


    return (await asyncio_detailed(
        platform=platform,
reservation_number=reservation_number,
client=client,

    )).parsed
