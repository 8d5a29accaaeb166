from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.hold import Hold
from ...models.hold_values import HoldValues
from ...models.inbound_error_body import InboundErrorBody
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    platform: str,
    shop_id: int,
    *,
    body: HoldValues,
    idempotency_key: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/inbound-external/{platform}/shops/{shop_id}/holds".format(platform=quote(str(platform), safe=""),shop_id=quote(str(shop_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Hold | InboundErrorBody:
    if response.status_code == 200:
        response_200 = Hold.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Hold | InboundErrorBody]:
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
    body: HoldValues,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[Hold | InboundErrorBody]:
    """ Hold a slot

     Takes the seats of `numberOfGuests` at `reservationStartTime` (JST) with the requested courses for
    `holdMinutes` (default 5, at most 30) while your guest fills the booking form. The hold is judged
    exactly like a booking (the same 409 reasons), counts against the shop's seats and the course's
    `quantityLimit` like a reservation until it expires, and is released early by `DELETE
    …/holds/{holdId}`. Create the reservation with `holdId` and the same start time, party and courses:
    its seats become the reservation's, so that booking is not refused for seats or `quantityLimit`.
    Idempotent with an `Idempotency-Key` header: the same request answers the same hold (in its current
    state), another request with the same key is a 409 `hold_mismatch`.

    Args:
        platform (str):
        shop_id (int):
        idempotency_key (None | str | Unset):
        body (HoldValues): Values of the hold call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hold | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
body=body,
idempotency_key=idempotency_key,

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
    body: HoldValues,
    idempotency_key: None | str | Unset = UNSET,

) -> Hold | InboundErrorBody | None:
    """ Hold a slot

     Takes the seats of `numberOfGuests` at `reservationStartTime` (JST) with the requested courses for
    `holdMinutes` (default 5, at most 30) while your guest fills the booking form. The hold is judged
    exactly like a booking (the same 409 reasons), counts against the shop's seats and the course's
    `quantityLimit` like a reservation until it expires, and is released early by `DELETE
    …/holds/{holdId}`. Create the reservation with `holdId` and the same start time, party and courses:
    its seats become the reservation's, so that booking is not refused for seats or `quantityLimit`.
    Idempotent with an `Idempotency-Key` header: the same request answers the same hold (in its current
    state), another request with the same key is a 409 `hold_mismatch`.

    Args:
        platform (str):
        shop_id (int):
        idempotency_key (None | str | Unset):
        body (HoldValues): Values of the hold call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hold | InboundErrorBody
     """


    return sync_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    platform: str,
    shop_id: int,
    *,
    client: AuthenticatedClient,
    body: HoldValues,
    idempotency_key: None | str | Unset = UNSET,

) -> Response[Hold | InboundErrorBody]:
    """ Hold a slot

     Takes the seats of `numberOfGuests` at `reservationStartTime` (JST) with the requested courses for
    `holdMinutes` (default 5, at most 30) while your guest fills the booking form. The hold is judged
    exactly like a booking (the same 409 reasons), counts against the shop's seats and the course's
    `quantityLimit` like a reservation until it expires, and is released early by `DELETE
    …/holds/{holdId}`. Create the reservation with `holdId` and the same start time, party and courses:
    its seats become the reservation's, so that booking is not refused for seats or `quantityLimit`.
    Idempotent with an `Idempotency-Key` header: the same request answers the same hold (in its current
    state), another request with the same key is a 409 `hold_mismatch`.

    Args:
        platform (str):
        shop_id (int):
        idempotency_key (None | str | Unset):
        body (HoldValues): Values of the hold call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hold | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        platform=platform,
shop_id=shop_id,
body=body,
idempotency_key=idempotency_key,

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
    body: HoldValues,
    idempotency_key: None | str | Unset = UNSET,

) -> Hold | InboundErrorBody | None:
    """ Hold a slot

     Takes the seats of `numberOfGuests` at `reservationStartTime` (JST) with the requested courses for
    `holdMinutes` (default 5, at most 30) while your guest fills the booking form. The hold is judged
    exactly like a booking (the same 409 reasons), counts against the shop's seats and the course's
    `quantityLimit` like a reservation until it expires, and is released early by `DELETE
    …/holds/{holdId}`. Create the reservation with `holdId` and the same start time, party and courses:
    its seats become the reservation's, so that booking is not refused for seats or `quantityLimit`.
    Idempotent with an `Idempotency-Key` header: the same request answers the same hold (in its current
    state), another request with the same key is a 409 `hold_mismatch`.

    Args:
        platform (str):
        shop_id (int):
        idempotency_key (None | str | Unset):
        body (HoldValues): Values of the hold call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hold | InboundErrorBody
     """


    return (await asyncio_detailed(
        platform=platform,
shop_id=shop_id,
client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
