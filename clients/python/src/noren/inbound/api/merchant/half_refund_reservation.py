from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.admin_cancel_values import AdminCancelValues
from ...models.inbound_error_body import InboundErrorBody
from ...models.reservation import Reservation
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: AdminCancelValues | None | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/inbound/reservations/{id}/half-refund".format(id=quote(str(id), safe=""),),
    }

    
    if isinstance(body, AdminCancelValues):
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
    id: str,
    *,
    client: AuthenticatedClient,
    body: AdminCancelValues | None | Unset = UNSET,

) -> Response[InboundErrorBody | Reservation]:
    """ Cancel with half refunded (merchant)

     SUCCESS or CANCELLED_NO_REFUND → CANCELLED_HALF_REFUND: the restaurant keeps half (from SUCCESS), or
    gives half back after a late cancellation (from CANCELLED_NO_REFUND). Not from PENDING (reject it
    instead) nor from CANCELLED (already refunded in full). The platform is notified
    (`reservation.status_changed`).

    Args:
        id (str):
        body (AdminCancelValues | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | Reservation]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: AdminCancelValues | None | Unset = UNSET,

) -> InboundErrorBody | Reservation | None:
    """ Cancel with half refunded (merchant)

     SUCCESS or CANCELLED_NO_REFUND → CANCELLED_HALF_REFUND: the restaurant keeps half (from SUCCESS), or
    gives half back after a late cancellation (from CANCELLED_NO_REFUND). Not from PENDING (reject it
    instead) nor from CANCELLED (already refunded in full). The platform is notified
    (`reservation.status_changed`).

    Args:
        id (str):
        body (AdminCancelValues | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | Reservation
     """


    return sync_detailed(
        id=id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: AdminCancelValues | None | Unset = UNSET,

) -> Response[InboundErrorBody | Reservation]:
    """ Cancel with half refunded (merchant)

     SUCCESS or CANCELLED_NO_REFUND → CANCELLED_HALF_REFUND: the restaurant keeps half (from SUCCESS), or
    gives half back after a late cancellation (from CANCELLED_NO_REFUND). Not from PENDING (reject it
    instead) nor from CANCELLED (already refunded in full). The platform is notified
    (`reservation.status_changed`).

    Args:
        id (str):
        body (AdminCancelValues | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InboundErrorBody | Reservation]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: AdminCancelValues | None | Unset = UNSET,

) -> InboundErrorBody | Reservation | None:
    """ Cancel with half refunded (merchant)

     SUCCESS or CANCELLED_NO_REFUND → CANCELLED_HALF_REFUND: the restaurant keeps half (from SUCCESS), or
    gives half back after a late cancellation (from CANCELLED_NO_REFUND). Not from PENDING (reject it
    instead) nor from CANCELLED (already refunded in full). The platform is notified
    (`reservation.status_changed`).

    Args:
        id (str):
        body (AdminCancelValues | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InboundErrorBody | Reservation
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,

    )).parsed
