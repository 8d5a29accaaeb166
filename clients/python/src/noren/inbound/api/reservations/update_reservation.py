from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...models.reservation import Reservation
from ...models.update_values import UpdateValues
from typing import cast



def _get_kwargs(
    platform: str,
    reservation_number: str,
    *,
    body: UpdateValues,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v3/inbound-external/{platform}/shops/reservations/{reservation_number}".format(platform=quote(str(platform), safe=""),reservation_number=quote(str(reservation_number), safe=""),),
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
    reservation_number: str,
    *,
    client: AuthenticatedClient,
    body: UpdateValues,

) -> Response[InboundErrorBody | Reservation]:
    """ Update a reservation

     Replaces a reservation's start time, guests, names, phone, remark and courses (every field must be
    sent). **Disabled unless Noren has enabled updates for the platform**: until then every call answers
    403 with reason `updates_disabled`. When enabled, a change of start time or guest count is refused
    on the reservation's day (`cancellation_day_of`) and inside the shop's cancellation policy
    (`cancellation_not_allowed`), and the new time, party and courses are re-checked like a new booking
    (the reservation's own seats excluded). Only PENDING and SUCCESS reservations change; the status
    stays.

    Args:
        platform (str):
        reservation_number (str):
        body (UpdateValues): Values of the update call: every field required.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | Reservation]
     """


    kwargs = _get_kwargs(
        platform=platform,
reservation_number=reservation_number,
body=body,

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
    body: UpdateValues,

) -> InboundErrorBody | Reservation | None:
    """ Update a reservation

     Replaces a reservation's start time, guests, names, phone, remark and courses (every field must be
    sent). **Disabled unless Noren has enabled updates for the platform**: until then every call answers
    403 with reason `updates_disabled`. When enabled, a change of start time or guest count is refused
    on the reservation's day (`cancellation_day_of`) and inside the shop's cancellation policy
    (`cancellation_not_allowed`), and the new time, party and courses are re-checked like a new booking
    (the reservation's own seats excluded). Only PENDING and SUCCESS reservations change; the status
    stays.

    Args:
        platform (str):
        reservation_number (str):
        body (UpdateValues): Values of the update call: every field required.

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
body=body,

    ).parsed

async def asyncio_detailed(
    platform: str,
    reservation_number: str,
    *,
    client: AuthenticatedClient,
    body: UpdateValues,

) -> Response[InboundErrorBody | Reservation]:
    """ Update a reservation

     Replaces a reservation's start time, guests, names, phone, remark and courses (every field must be
    sent). **Disabled unless Noren has enabled updates for the platform**: until then every call answers
    403 with reason `updates_disabled`. When enabled, a change of start time or guest count is refused
    on the reservation's day (`cancellation_day_of`) and inside the shop's cancellation policy
    (`cancellation_not_allowed`), and the new time, party and courses are re-checked like a new booking
    (the reservation's own seats excluded). Only PENDING and SUCCESS reservations change; the status
    stays.

    Args:
        platform (str):
        reservation_number (str):
        body (UpdateValues): Values of the update call: every field required.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | Reservation]
     """


    kwargs = _get_kwargs(
        platform=platform,
reservation_number=reservation_number,
body=body,

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
    body: UpdateValues,

) -> InboundErrorBody | Reservation | None:
    """ Update a reservation

     Replaces a reservation's start time, guests, names, phone, remark and courses (every field must be
    sent). **Disabled unless Noren has enabled updates for the platform**: until then every call answers
    403 with reason `updates_disabled`. When enabled, a change of start time or guest count is refused
    on the reservation's day (`cancellation_day_of`) and inside the shop's cancellation policy
    (`cancellation_not_allowed`), and the new time, party and courses are re-checked like a new booking
    (the reservation's own seats excluded). Only PENDING and SUCCESS reservations change; the status
    stays.

    Args:
        platform (str):
        reservation_number (str):
        body (UpdateValues): Values of the update call: every field required.

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
body=body,

    )).parsed
