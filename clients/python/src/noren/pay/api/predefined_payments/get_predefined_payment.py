from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.predefined_payment import PredefinedPayment
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    token: str,
    *,
    simple: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["simple"] = simple


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v3/predefined_payments/{token}".format(token=quote(str(token), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | PredefinedPayment:
    if response.status_code == 200:
        response_200 = PredefinedPayment.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())



        return response_404

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
    token: str,
    *,
    client: AuthenticatedClient | Client,
    simple: str | Unset = UNSET,

) -> Response[ErrorBody | PredefinedPayment]:
    """ Retrieve a payment

     Answers a predefined payment by its token. Needs no key: the token itself is the secret,
    which is what lets the checkout page and the customer's device read it.

    Args:
        token (str):
        simple (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PredefinedPayment]
     """


    kwargs = _get_kwargs(
        token=token,
simple=simple,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    simple: str | Unset = UNSET,

) -> ErrorBody | PredefinedPayment | None:
    """ Retrieve a payment

     Answers a predefined payment by its token. Needs no key: the token itself is the secret,
    which is what lets the checkout page and the customer's device read it.

    Args:
        token (str):
        simple (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PredefinedPayment
     """


    return sync_detailed(
        token=token,
client=client,
simple=simple,

    ).parsed

async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    simple: str | Unset = UNSET,

) -> Response[ErrorBody | PredefinedPayment]:
    """ Retrieve a payment

     Answers a predefined payment by its token. Needs no key: the token itself is the secret,
    which is what lets the checkout page and the customer's device read it.

    Args:
        token (str):
        simple (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PredefinedPayment]
     """


    kwargs = _get_kwargs(
        token=token,
simple=simple,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    simple: str | Unset = UNSET,

) -> ErrorBody | PredefinedPayment | None:
    """ Retrieve a payment

     Answers a predefined payment by its token. Needs no key: the token itself is the secret,
    which is what lets the checkout page and the customer's device read it.

    Args:
        token (str):
        simple (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PredefinedPayment
     """


    return (await asyncio_detailed(
        token=token,
client=client,
simple=simple,

    )).parsed
