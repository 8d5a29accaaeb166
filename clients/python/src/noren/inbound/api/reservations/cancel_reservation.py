from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.cancel_values import CancelValues
from ...models.inbound_error_body import InboundErrorBody
from ...models.reservation import Reservation
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    platform: str,
    reservation_id_or_origin_number: str,
    *,
    body: CancelValues | None | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v3/inbound-external/{platform}/shops/reservations/{reservation_id_or_origin_number}/cancel".format(platform=quote(str(platform), safe=""),reservation_id_or_origin_number=quote(str(reservation_id_or_origin_number), safe=""),),
    }

    
    if isinstance(body, CancelValues):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

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
    reservation_id_or_origin_number: str,
    *,
    client: AuthenticatedClient,
    body: CancelValues | None | Unset = UNSET,

) -> Response[InboundErrorBody | Reservation]:
    """ Cancel a reservation

     Cancels a PENDING or SUCCESS reservation of the key's platform and mode. Dates are JST calendar
    dates: cancelling on the day of the reservation (from 00:00 JST) or later is refused
    (`cancellation_day_of`), and a shop whose `cancellationPolicyDays` is negative refuses every
    cancellation (`cancellation_not_allowed`). More than `cancellationPolicyDays` days before the
    reservation's date the status becomes CANCELLED (full refund), otherwise CANCELLED_NO_REFUND.
    Example with `cancellationPolicyDays` 1 and a reservation on 12-03: until 12-01 23:59 JST →
    CANCELLED; on 12-02 → CANCELLED_NO_REFUND; on 12-03 → refused. The platform's webhook receives a
    `reservation.status_changed` notification.

    Args:
        platform (str):
        reservation_id_or_origin_number (str):
        body (CancelValues | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | Reservation]
     """


    kwargs = _get_kwargs(
        platform=platform,
reservation_id_or_origin_number=reservation_id_or_origin_number,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    platform: str,
    reservation_id_or_origin_number: str,
    *,
    client: AuthenticatedClient,
    body: CancelValues | None | Unset = UNSET,

) -> InboundErrorBody | Reservation | None:
    """ Cancel a reservation

     Cancels a PENDING or SUCCESS reservation of the key's platform and mode. Dates are JST calendar
    dates: cancelling on the day of the reservation (from 00:00 JST) or later is refused
    (`cancellation_day_of`), and a shop whose `cancellationPolicyDays` is negative refuses every
    cancellation (`cancellation_not_allowed`). More than `cancellationPolicyDays` days before the
    reservation's date the status becomes CANCELLED (full refund), otherwise CANCELLED_NO_REFUND.
    Example with `cancellationPolicyDays` 1 and a reservation on 12-03: until 12-01 23:59 JST →
    CANCELLED; on 12-02 → CANCELLED_NO_REFUND; on 12-03 → refused. The platform's webhook receives a
    `reservation.status_changed` notification.

    Args:
        platform (str):
        reservation_id_or_origin_number (str):
        body (CancelValues | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | Reservation
     """


    return sync_detailed(
        platform=platform,
reservation_id_or_origin_number=reservation_id_or_origin_number,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    platform: str,
    reservation_id_or_origin_number: str,
    *,
    client: AuthenticatedClient,
    body: CancelValues | None | Unset = UNSET,

) -> Response[InboundErrorBody | Reservation]:
    """ Cancel a reservation

     Cancels a PENDING or SUCCESS reservation of the key's platform and mode. Dates are JST calendar
    dates: cancelling on the day of the reservation (from 00:00 JST) or later is refused
    (`cancellation_day_of`), and a shop whose `cancellationPolicyDays` is negative refuses every
    cancellation (`cancellation_not_allowed`). More than `cancellationPolicyDays` days before the
    reservation's date the status becomes CANCELLED (full refund), otherwise CANCELLED_NO_REFUND.
    Example with `cancellationPolicyDays` 1 and a reservation on 12-03: until 12-01 23:59 JST →
    CANCELLED; on 12-02 → CANCELLED_NO_REFUND; on 12-03 → refused. The platform's webhook receives a
    `reservation.status_changed` notification.

    Args:
        platform (str):
        reservation_id_or_origin_number (str):
        body (CancelValues | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | Reservation]
     """


    kwargs = _get_kwargs(
        platform=platform,
reservation_id_or_origin_number=reservation_id_or_origin_number,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    platform: str,
    reservation_id_or_origin_number: str,
    *,
    client: AuthenticatedClient,
    body: CancelValues | None | Unset = UNSET,

) -> InboundErrorBody | Reservation | None:
    """ Cancel a reservation

     Cancels a PENDING or SUCCESS reservation of the key's platform and mode. Dates are JST calendar
    dates: cancelling on the day of the reservation (from 00:00 JST) or later is refused
    (`cancellation_day_of`), and a shop whose `cancellationPolicyDays` is negative refuses every
    cancellation (`cancellation_not_allowed`). More than `cancellationPolicyDays` days before the
    reservation's date the status becomes CANCELLED (full refund), otherwise CANCELLED_NO_REFUND.
    Example with `cancellationPolicyDays` 1 and a reservation on 12-03: until 12-01 23:59 JST →
    CANCELLED; on 12-02 → CANCELLED_NO_REFUND; on 12-03 → refused. The platform's webhook receives a
    `reservation.status_changed` notification.

    Args:
        platform (str):
        reservation_id_or_origin_number (str):
        body (CancelValues | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | Reservation
     """


    return (await asyncio_detailed(
        platform=platform,
reservation_id_or_origin_number=reservation_id_or_origin_number,
client=client,
body=body,

    )).parsed
