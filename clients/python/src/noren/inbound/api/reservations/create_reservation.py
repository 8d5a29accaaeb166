from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_values import CreateValues
from ...models.inbound_error_body import InboundErrorBody
from ...models.reservation import Reservation
from typing import cast



def _get_kwargs(
    platform: str,
    shop_id: int,
    *,
    body: CreateValues,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/inbound-external/{platform}/shops/{shop_id}/reservations".format(platform=quote(str(platform), safe=""),shop_id=quote(str(shop_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> InboundErrorBody | Reservation:
    if response.status_code == 200:
        response_200 = Reservation.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[InboundErrorBody | Reservation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    body: CreateValues,

) -> Response[InboundErrorBody | Reservation]:
    """ Create a reservation

     Books `numberOfGuests` at `reservationStartTime` (JST) with one course and/or its child courses.
    Availability is re-checked inside the booking's transaction, so concurrent requests never overbook.
    A real-time bookable shop creates the reservation as SUCCESS, others as PENDING (the restaurant
    confirms or rejects it). `priceTotal` = Σ amount × unit retail price (`suggestedRetailPrice` when
    set and above 0, else `settlementPrice`); `totalSettlementPrice` = Σ amount × `settlementPrice`.
    Idempotent on `originPlatformReservationNumber`: repeating the same request answers the existing
    reservation (200, as the first time); the same number with a different request is a 409
    `duplicate_origin_number`. With `holdId` (a hold from `POST …/holds` for the same start, party and
    courses), the hold's seats become the reservation's: it is judged as when the hold was made and is
    not refused for seats or `quantityLimit`.

    Args:
        platform (str):
        shop_id (int):
        body (CreateValues): Values of the create call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | Reservation]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    body: CreateValues,

) -> InboundErrorBody | Reservation | None:
    """ Create a reservation

     Books `numberOfGuests` at `reservationStartTime` (JST) with one course and/or its child courses.
    Availability is re-checked inside the booking's transaction, so concurrent requests never overbook.
    A real-time bookable shop creates the reservation as SUCCESS, others as PENDING (the restaurant
    confirms or rejects it). `priceTotal` = Σ amount × unit retail price (`suggestedRetailPrice` when
    set and above 0, else `settlementPrice`); `totalSettlementPrice` = Σ amount × `settlementPrice`.
    Idempotent on `originPlatformReservationNumber`: repeating the same request answers the existing
    reservation (200, as the first time); the same number with a different request is a 409
    `duplicate_origin_number`. With `holdId` (a hold from `POST …/holds` for the same start, party and
    courses), the hold's seats become the reservation's: it is judged as when the hold was made and is
    not refused for seats or `quantityLimit`.

    Args:
        platform (str):
        shop_id (int):
        body (CreateValues): Values of the create call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | Reservation
     """


    return sync_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    body: CreateValues,

) -> Response[InboundErrorBody | Reservation]:
    """ Create a reservation

     Books `numberOfGuests` at `reservationStartTime` (JST) with one course and/or its child courses.
    Availability is re-checked inside the booking's transaction, so concurrent requests never overbook.
    A real-time bookable shop creates the reservation as SUCCESS, others as PENDING (the restaurant
    confirms or rejects it). `priceTotal` = Σ amount × unit retail price (`suggestedRetailPrice` when
    set and above 0, else `settlementPrice`); `totalSettlementPrice` = Σ amount × `settlementPrice`.
    Idempotent on `originPlatformReservationNumber`: repeating the same request answers the existing
    reservation (200, as the first time); the same number with a different request is a 409
    `duplicate_origin_number`. With `holdId` (a hold from `POST …/holds` for the same start, party and
    courses), the hold's seats become the reservation's: it is judged as when the hold was made and is
    not refused for seats or `quantityLimit`.

    Args:
        platform (str):
        shop_id (int):
        body (CreateValues): Values of the create call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | Reservation]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    body: CreateValues,

) -> InboundErrorBody | Reservation | None:
    """ Create a reservation

     Books `numberOfGuests` at `reservationStartTime` (JST) with one course and/or its child courses.
    Availability is re-checked inside the booking's transaction, so concurrent requests never overbook.
    A real-time bookable shop creates the reservation as SUCCESS, others as PENDING (the restaurant
    confirms or rejects it). `priceTotal` = Σ amount × unit retail price (`suggestedRetailPrice` when
    set and above 0, else `settlementPrice`); `totalSettlementPrice` = Σ amount × `settlementPrice`.
    Idempotent on `originPlatformReservationNumber`: repeating the same request answers the existing
    reservation (200, as the first time); the same number with a different request is a 409
    `duplicate_origin_number`. With `holdId` (a hold from `POST …/holds` for the same start, party and
    courses), the hold's seats become the reservation's: it is judged as when the hold was made and is
    not refused for seats or `quantityLimit`.

    Args:
        platform (str):
        shop_id (int):
        body (CreateValues): Values of the create call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | Reservation
     """


    return (await asyncio_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
body=body,

    )).parsed
