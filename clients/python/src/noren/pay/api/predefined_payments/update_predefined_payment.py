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
    *,
    token: str | Unset = UNSET,
    order_no: str | Unset = UNSET,
    custom: str | Unset = UNSET,
    expires_after: int | Unset = UNSET,
    invalidated: bool | Unset = UNSET,
    redirection_url: str | Unset = UNSET,
    tip_vas_enabled: bool | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["token"] = token

    params["order_no"] = order_no

    params["custom"] = custom

    params["expires_after"] = expires_after

    params["invalidated"] = invalidated

    params["redirection_url"] = redirection_url

    params["tip_vas_enabled"] = tip_vas_enabled


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/predefined_payments",
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

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())



        return response_404

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | PredefinedPayment]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    token: str | Unset = UNSET,
    order_no: str | Unset = UNSET,
    custom: str | Unset = UNSET,
    expires_after: int | Unset = UNSET,
    invalidated: bool | Unset = UNSET,
    redirection_url: str | Unset = UNSET,
    tip_vas_enabled: bool | Unset = UNSET,

) -> Response[ErrorBody | PredefinedPayment]:
    """ Update a payment

     Changes a payment named by `token` or `order_no` and answers it as it now is. Values not
    sent stay as they are.

    Args:
        token (str | Unset):
        order_no (str | Unset):
        custom (str | Unset):
        expires_after (int | Unset):
        invalidated (bool | Unset):
        redirection_url (str | Unset):
        tip_vas_enabled (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PredefinedPayment]
     """


    kwargs = _get_kwargs(
        token=token,
order_no=order_no,
custom=custom,
expires_after=expires_after,
invalidated=invalidated,
redirection_url=redirection_url,
tip_vas_enabled=tip_vas_enabled,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    token: str | Unset = UNSET,
    order_no: str | Unset = UNSET,
    custom: str | Unset = UNSET,
    expires_after: int | Unset = UNSET,
    invalidated: bool | Unset = UNSET,
    redirection_url: str | Unset = UNSET,
    tip_vas_enabled: bool | Unset = UNSET,

) -> ErrorBody | PredefinedPayment | None:
    """ Update a payment

     Changes a payment named by `token` or `order_no` and answers it as it now is. Values not
    sent stay as they are.

    Args:
        token (str | Unset):
        order_no (str | Unset):
        custom (str | Unset):
        expires_after (int | Unset):
        invalidated (bool | Unset):
        redirection_url (str | Unset):
        tip_vas_enabled (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PredefinedPayment
     """


    return sync_detailed(
        client=client,
token=token,
order_no=order_no,
custom=custom,
expires_after=expires_after,
invalidated=invalidated,
redirection_url=redirection_url,
tip_vas_enabled=tip_vas_enabled,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    token: str | Unset = UNSET,
    order_no: str | Unset = UNSET,
    custom: str | Unset = UNSET,
    expires_after: int | Unset = UNSET,
    invalidated: bool | Unset = UNSET,
    redirection_url: str | Unset = UNSET,
    tip_vas_enabled: bool | Unset = UNSET,

) -> Response[ErrorBody | PredefinedPayment]:
    """ Update a payment

     Changes a payment named by `token` or `order_no` and answers it as it now is. Values not
    sent stay as they are.

    Args:
        token (str | Unset):
        order_no (str | Unset):
        custom (str | Unset):
        expires_after (int | Unset):
        invalidated (bool | Unset):
        redirection_url (str | Unset):
        tip_vas_enabled (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PredefinedPayment]
     """


    kwargs = _get_kwargs(
        token=token,
order_no=order_no,
custom=custom,
expires_after=expires_after,
invalidated=invalidated,
redirection_url=redirection_url,
tip_vas_enabled=tip_vas_enabled,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    token: str | Unset = UNSET,
    order_no: str | Unset = UNSET,
    custom: str | Unset = UNSET,
    expires_after: int | Unset = UNSET,
    invalidated: bool | Unset = UNSET,
    redirection_url: str | Unset = UNSET,
    tip_vas_enabled: bool | Unset = UNSET,

) -> ErrorBody | PredefinedPayment | None:
    """ Update a payment

     Changes a payment named by `token` or `order_no` and answers it as it now is. Values not
    sent stay as they are.

    Args:
        token (str | Unset):
        order_no (str | Unset):
        custom (str | Unset):
        expires_after (int | Unset):
        invalidated (bool | Unset):
        redirection_url (str | Unset):
        tip_vas_enabled (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PredefinedPayment
     """


    return (await asyncio_detailed(
        client=client,
token=token,
order_no=order_no,
custom=custom,
expires_after=expires_after,
invalidated=invalidated,
redirection_url=redirection_url,
tip_vas_enabled=tip_vas_enabled,

    )).parsed
