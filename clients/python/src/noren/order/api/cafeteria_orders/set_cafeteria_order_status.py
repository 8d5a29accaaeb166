from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.cafeteria_order import CafeteriaOrder
from ...models.error_body import ErrorBody
from ...models.status_values import StatusValues
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: StatusValues,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/cafeteria/{id}/status".format(id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CafeteriaOrder | ErrorBody:
    if response.status_code == 200:
        response_200 = CafeteriaOrder.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CafeteriaOrder | ErrorBody]:
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
    body: StatusValues,

) -> Response[CafeteriaOrder | ErrorBody]:
    """ Move a cafeteria order on (merchant)

     The kitchen's progress: a paid order (5) is confirmed (10), prepared (15) and finished (20), one
    step at a time; an order not yet paid (0, 1, 2) can be cancelled (90), which also invalidates its
    payment link and gives back the stock its lines took. An order paid at the counter (`payOffline`) is
    marked paid (5) with this call; an online order reaches 5 when its payment is paid, and 30 when that
    payment is refunded (`POST /v3/universal_payments/refund`), never through this call.

    Args:
        id (str):
        body (StatusValues): Values of the merchant's status call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CafeteriaOrder | ErrorBody]
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
    body: StatusValues,

) -> CafeteriaOrder | ErrorBody | None:
    """ Move a cafeteria order on (merchant)

     The kitchen's progress: a paid order (5) is confirmed (10), prepared (15) and finished (20), one
    step at a time; an order not yet paid (0, 1, 2) can be cancelled (90), which also invalidates its
    payment link and gives back the stock its lines took. An order paid at the counter (`payOffline`) is
    marked paid (5) with this call; an online order reaches 5 when its payment is paid, and 30 when that
    payment is refunded (`POST /v3/universal_payments/refund`), never through this call.

    Args:
        id (str):
        body (StatusValues): Values of the merchant's status call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CafeteriaOrder | ErrorBody
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
    body: StatusValues,

) -> Response[CafeteriaOrder | ErrorBody]:
    """ Move a cafeteria order on (merchant)

     The kitchen's progress: a paid order (5) is confirmed (10), prepared (15) and finished (20), one
    step at a time; an order not yet paid (0, 1, 2) can be cancelled (90), which also invalidates its
    payment link and gives back the stock its lines took. An order paid at the counter (`payOffline`) is
    marked paid (5) with this call; an online order reaches 5 when its payment is paid, and 30 when that
    payment is refunded (`POST /v3/universal_payments/refund`), never through this call.

    Args:
        id (str):
        body (StatusValues): Values of the merchant's status call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CafeteriaOrder | ErrorBody]
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
    body: StatusValues,

) -> CafeteriaOrder | ErrorBody | None:
    """ Move a cafeteria order on (merchant)

     The kitchen's progress: a paid order (5) is confirmed (10), prepared (15) and finished (20), one
    step at a time; an order not yet paid (0, 1, 2) can be cancelled (90), which also invalidates its
    payment link and gives back the stock its lines took. An order paid at the counter (`payOffline`) is
    marked paid (5) with this call; an online order reaches 5 when its payment is paid, and 30 when that
    payment is refunded (`POST /v3/universal_payments/refund`), never through this call.

    Args:
        id (str):
        body (StatusValues): Values of the merchant's status call.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CafeteriaOrder | ErrorBody
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,

    )).parsed
