from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.predefined_payment import PredefinedPayment
from typing import cast



def _get_kwargs(
    payment_number: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/sandbox/payments/{payment_number}/approve".format(payment_number=quote(str(payment_number), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | PredefinedPayment:
    if response.status_code == 200:
        response_200 = PredefinedPayment.from_dict(response.json())



        return response_200

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

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | PredefinedPayment]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    payment_number: str,
    *,
    client: AuthenticatedClient,

) -> Response[ErrorBody | PredefinedPayment]:
    """ Approve a sandbox payment

     Approves the open attempt `payment_number` as the customer would on the sandbox brand page:
    the attempt becomes paid (10), the payment `fulfilled`, and the `paid` webhook is queued.
    Test keys only. Answers the payment.

    Args:
        payment_number (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PredefinedPayment]
     """


    kwargs = _get_kwargs(
        payment_number=payment_number,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    payment_number: str,
    *,
    client: AuthenticatedClient,

) -> ErrorBody | PredefinedPayment | None:
    """ Approve a sandbox payment

     Approves the open attempt `payment_number` as the customer would on the sandbox brand page:
    the attempt becomes paid (10), the payment `fulfilled`, and the `paid` webhook is queued.
    Test keys only. Answers the payment.

    Args:
        payment_number (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PredefinedPayment
     """


    return sync_detailed(
        payment_number=payment_number,
client=client,

    ).parsed

async def asyncio_detailed(
    payment_number: str,
    *,
    client: AuthenticatedClient,

) -> Response[ErrorBody | PredefinedPayment]:
    """ Approve a sandbox payment

     Approves the open attempt `payment_number` as the customer would on the sandbox brand page:
    the attempt becomes paid (10), the payment `fulfilled`, and the `paid` webhook is queued.
    Test keys only. Answers the payment.

    Args:
        payment_number (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PredefinedPayment]
     """


    kwargs = _get_kwargs(
        payment_number=payment_number,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    payment_number: str,
    *,
    client: AuthenticatedClient,

) -> ErrorBody | PredefinedPayment | None:
    """ Approve a sandbox payment

     Approves the open attempt `payment_number` as the customer would on the sandbox brand page:
    the attempt becomes paid (10), the payment `fulfilled`, and the `paid` webhook is queued.
    Test keys only. Answers the payment.

    Args:
        payment_number (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PredefinedPayment
     """


    return (await asyncio_detailed(
        payment_number=payment_number,
client=client,

    )).parsed
