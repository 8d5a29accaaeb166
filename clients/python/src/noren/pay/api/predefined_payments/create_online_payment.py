from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.created_payment import CreatedPayment
from ...models.error_body import ErrorBody
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    amount: int,
    custom: str | Unset = UNSET,
    expires_after: int | Unset = UNSET,
    order_no: str | Unset = UNSET,
    redirection_url: str | Unset = UNSET,
    webhook_callback_url: str | Unset = UNSET,
    tip_vas_enabled: bool | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    params: dict[str, Any] = {}

    params["amount"] = amount

    params["custom"] = custom

    params["expires_after"] = expires_after

    params["order_no"] = order_no

    params["redirection_url"] = redirection_url

    params["webhook_callback_url"] = webhook_callback_url

    params["tip_vas_enabled"] = tip_vas_enabled


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/predefined_payments/create_online_payment",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreatedPayment | ErrorBody:
    if response.status_code == 200:
        response_200 = CreatedPayment.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreatedPayment | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    amount: int,
    custom: str | Unset = UNSET,
    expires_after: int | Unset = UNSET,
    order_no: str | Unset = UNSET,
    redirection_url: str | Unset = UNSET,
    webhook_callback_url: str | Unset = UNSET,
    tip_vas_enabled: bool | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[CreatedPayment | ErrorBody]:
    """ Create a payment

     Creates a predefined payment and answers it with the hosted checkout `url` to send the
    customer to (`payment_interface` `online_payment`). Values are query values or a form body.

    Args:
        amount (int):
        custom (str | Unset):
        expires_after (int | Unset):
        order_no (str | Unset):
        redirection_url (str | Unset):
        webhook_callback_url (str | Unset):
        tip_vas_enabled (bool | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedPayment | ErrorBody]
     """


    kwargs = _get_kwargs(
        amount=amount,
custom=custom,
expires_after=expires_after,
order_no=order_no,
redirection_url=redirection_url,
webhook_callback_url=webhook_callback_url,
tip_vas_enabled=tip_vas_enabled,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    amount: int,
    custom: str | Unset = UNSET,
    expires_after: int | Unset = UNSET,
    order_no: str | Unset = UNSET,
    redirection_url: str | Unset = UNSET,
    webhook_callback_url: str | Unset = UNSET,
    tip_vas_enabled: bool | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> CreatedPayment | ErrorBody | None:
    """ Create a payment

     Creates a predefined payment and answers it with the hosted checkout `url` to send the
    customer to (`payment_interface` `online_payment`). Values are query values or a form body.

    Args:
        amount (int):
        custom (str | Unset):
        expires_after (int | Unset):
        order_no (str | Unset):
        redirection_url (str | Unset):
        webhook_callback_url (str | Unset):
        tip_vas_enabled (bool | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedPayment | ErrorBody
     """


    return sync_detailed(
        client=client,
amount=amount,
custom=custom,
expires_after=expires_after,
order_no=order_no,
redirection_url=redirection_url,
webhook_callback_url=webhook_callback_url,
tip_vas_enabled=tip_vas_enabled,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    amount: int,
    custom: str | Unset = UNSET,
    expires_after: int | Unset = UNSET,
    order_no: str | Unset = UNSET,
    redirection_url: str | Unset = UNSET,
    webhook_callback_url: str | Unset = UNSET,
    tip_vas_enabled: bool | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[CreatedPayment | ErrorBody]:
    """ Create a payment

     Creates a predefined payment and answers it with the hosted checkout `url` to send the
    customer to (`payment_interface` `online_payment`). Values are query values or a form body.

    Args:
        amount (int):
        custom (str | Unset):
        expires_after (int | Unset):
        order_no (str | Unset):
        redirection_url (str | Unset):
        webhook_callback_url (str | Unset):
        tip_vas_enabled (bool | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedPayment | ErrorBody]
     """


    kwargs = _get_kwargs(
        amount=amount,
custom=custom,
expires_after=expires_after,
order_no=order_no,
redirection_url=redirection_url,
webhook_callback_url=webhook_callback_url,
tip_vas_enabled=tip_vas_enabled,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    amount: int,
    custom: str | Unset = UNSET,
    expires_after: int | Unset = UNSET,
    order_no: str | Unset = UNSET,
    redirection_url: str | Unset = UNSET,
    webhook_callback_url: str | Unset = UNSET,
    tip_vas_enabled: bool | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> CreatedPayment | ErrorBody | None:
    """ Create a payment

     Creates a predefined payment and answers it with the hosted checkout `url` to send the
    customer to (`payment_interface` `online_payment`). Values are query values or a form body.

    Args:
        amount (int):
        custom (str | Unset):
        expires_after (int | Unset):
        order_no (str | Unset):
        redirection_url (str | Unset):
        webhook_callback_url (str | Unset):
        tip_vas_enabled (bool | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedPayment | ErrorBody
     """


    return (await asyncio_detailed(
        client=client,
amount=amount,
custom=custom,
expires_after=expires_after,
order_no=order_no,
redirection_url=redirection_url,
webhook_callback_url=webhook_callback_url,
tip_vas_enabled=tip_vas_enabled,
idempotency_key=idempotency_key,

    )).parsed
