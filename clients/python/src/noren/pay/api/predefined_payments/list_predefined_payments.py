from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.payment_page import PaymentPage
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    time_start: int | Unset = UNSET,
    time_end: int | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,
    time_asc: bool | Unset = False,
    order_by: str | Unset = UNSET,
    order_no: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["time_start"] = time_start

    params["time_end"] = time_end

    params["offset"] = offset

    params["limit"] = limit

    params["time_asc"] = time_asc

    params["order_by"] = order_by

    params["order_no"] = order_no


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/predefined_payments",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | PaymentPage:
    if response.status_code == 200:
        response_200 = PaymentPage.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | PaymentPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    time_start: int | Unset = UNSET,
    time_end: int | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,
    time_asc: bool | Unset = False,
    order_by: str | Unset = UNSET,
    order_no: str | Unset = UNSET,

) -> Response[ErrorBody | PaymentPage]:
    """ List payments

     Answers a page of the shop's payments, newest first unless `time_asc`. `count` is the size
    of this page and `total` the number of all payments that match.

    Args:
        time_start (int | Unset):
        time_end (int | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.
        time_asc (bool | Unset):  Default: False.
        order_by (str | Unset):
        order_no (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PaymentPage]
     """


    kwargs = _get_kwargs(
        time_start=time_start,
time_end=time_end,
offset=offset,
limit=limit,
time_asc=time_asc,
order_by=order_by,
order_no=order_no,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    time_start: int | Unset = UNSET,
    time_end: int | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,
    time_asc: bool | Unset = False,
    order_by: str | Unset = UNSET,
    order_no: str | Unset = UNSET,

) -> ErrorBody | PaymentPage | None:
    """ List payments

     Answers a page of the shop's payments, newest first unless `time_asc`. `count` is the size
    of this page and `total` the number of all payments that match.

    Args:
        time_start (int | Unset):
        time_end (int | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.
        time_asc (bool | Unset):  Default: False.
        order_by (str | Unset):
        order_no (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PaymentPage
     """


    return sync_detailed(
        client=client,
time_start=time_start,
time_end=time_end,
offset=offset,
limit=limit,
time_asc=time_asc,
order_by=order_by,
order_no=order_no,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    time_start: int | Unset = UNSET,
    time_end: int | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,
    time_asc: bool | Unset = False,
    order_by: str | Unset = UNSET,
    order_no: str | Unset = UNSET,

) -> Response[ErrorBody | PaymentPage]:
    """ List payments

     Answers a page of the shop's payments, newest first unless `time_asc`. `count` is the size
    of this page and `total` the number of all payments that match.

    Args:
        time_start (int | Unset):
        time_end (int | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.
        time_asc (bool | Unset):  Default: False.
        order_by (str | Unset):
        order_no (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PaymentPage]
     """


    kwargs = _get_kwargs(
        time_start=time_start,
time_end=time_end,
offset=offset,
limit=limit,
time_asc=time_asc,
order_by=order_by,
order_no=order_no,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    time_start: int | Unset = UNSET,
    time_end: int | Unset = UNSET,
    offset: int | Unset = 0,
    limit: int | Unset = 10,
    time_asc: bool | Unset = False,
    order_by: str | Unset = UNSET,
    order_no: str | Unset = UNSET,

) -> ErrorBody | PaymentPage | None:
    """ List payments

     Answers a page of the shop's payments, newest first unless `time_asc`. `count` is the size
    of this page and `total` the number of all payments that match.

    Args:
        time_start (int | Unset):
        time_end (int | Unset):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 10.
        time_asc (bool | Unset):  Default: False.
        order_by (str | Unset):
        order_no (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PaymentPage
     """


    return (await asyncio_detailed(
        client=client,
time_start=time_start,
time_end=time_end,
offset=offset,
limit=limit,
time_asc=time_asc,
order_by=order_by,
order_no=order_no,

    )).parsed
