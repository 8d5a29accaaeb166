from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.refund_result import RefundResult
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    payment_number: str,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    params: dict[str, Any] = {}

    params["payment_number"] = payment_number


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/universal_payments/refund",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | RefundResult:
    if response.status_code == 200:
        response_200 = RefundResult.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | RefundResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    payment_number: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorBody | RefundResult]:
    """ Refund a payment

     Refunds a paid attempt in full. The answer is 200 whatever the outcome, with `result_code`:
    2000 refunded (status 30, the payment no longer `fulfilled`, a `refunded` webhook follows);
    2100 the brand refused (the attempt stays paid); 2101 not eligible (unpaid, already refunded,
    or a refund of it is in progress); 2102 the refund period (90 days after payment by default)
    has passed; 2200 internal error. Of two concurrent refunds of one attempt exactly one gets
    2000. In the sandbox, refunds of payments of exactly 2,100 yen fail with 2100.

    Args:
        payment_number (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RefundResult]
     """


    kwargs = _get_kwargs(
        payment_number=payment_number,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    payment_number: str,
    idempotency_key: str | Unset = UNSET,

) -> ErrorBody | RefundResult | None:
    """ Refund a payment

     Refunds a paid attempt in full. The answer is 200 whatever the outcome, with `result_code`:
    2000 refunded (status 30, the payment no longer `fulfilled`, a `refunded` webhook follows);
    2100 the brand refused (the attempt stays paid); 2101 not eligible (unpaid, already refunded,
    or a refund of it is in progress); 2102 the refund period (90 days after payment by default)
    has passed; 2200 internal error. Of two concurrent refunds of one attempt exactly one gets
    2000. In the sandbox, refunds of payments of exactly 2,100 yen fail with 2100.

    Args:
        payment_number (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RefundResult
     """


    return sync_detailed(
        client=client,
payment_number=payment_number,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    payment_number: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorBody | RefundResult]:
    """ Refund a payment

     Refunds a paid attempt in full. The answer is 200 whatever the outcome, with `result_code`:
    2000 refunded (status 30, the payment no longer `fulfilled`, a `refunded` webhook follows);
    2100 the brand refused (the attempt stays paid); 2101 not eligible (unpaid, already refunded,
    or a refund of it is in progress); 2102 the refund period (90 days after payment by default)
    has passed; 2200 internal error. Of two concurrent refunds of one attempt exactly one gets
    2000. In the sandbox, refunds of payments of exactly 2,100 yen fail with 2100.

    Args:
        payment_number (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RefundResult]
     """


    kwargs = _get_kwargs(
        payment_number=payment_number,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    payment_number: str,
    idempotency_key: str | Unset = UNSET,

) -> ErrorBody | RefundResult | None:
    """ Refund a payment

     Refunds a paid attempt in full. The answer is 200 whatever the outcome, with `result_code`:
    2000 refunded (status 30, the payment no longer `fulfilled`, a `refunded` webhook follows);
    2100 the brand refused (the attempt stays paid); 2101 not eligible (unpaid, already refunded,
    or a refund of it is in progress); 2102 the refund period (90 days after payment by default)
    has passed; 2200 internal error. Of two concurrent refunds of one attempt exactly one gets
    2000. In the sandbox, refunds of payments of exactly 2,100 yen fail with 2100.

    Args:
        payment_number (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RefundResult
     """


    return (await asyncio_detailed(
        client=client,
payment_number=payment_number,
idempotency_key=idempotency_key,

    )).parsed
