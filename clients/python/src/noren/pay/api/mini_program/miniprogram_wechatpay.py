from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.mini_program_charge import MiniProgramCharge
from typing import cast



def _get_kwargs(
    token: str,
    number: str,
    *,
    openid: str,
    appid: str,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["openid"] = openid

    params["appid"] = appid


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v3/predefined_payments/{token}/{number}/wechatpay".format(token=quote(str(token), safe=""),number=quote(str(number), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | MiniProgramCharge:
    if response.status_code == 200:
        response_200 = MiniProgramCharge.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())



        return response_400

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | MiniProgramCharge]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: str,
    number: str,
    *,
    client: AuthenticatedClient | Client,
    openid: str,
    appid: str,

) -> Response[ErrorBody | MiniProgramCharge]:
    """ Charge from a mini-program

     Starts a wechatpay attempt for the payment from a WeChat mini-program and answers the
    parameters of `wx.requestPayment`. `{number}` is the shop's number and must be the payment's
    shop; `appid` must be registered for that shop. In the sandbox, approve the attempt with
    `POST /sandbox/payments/{payment_number}/approve`.

    Args:
        token (str):
        number (str):
        openid (str):
        appid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | MiniProgramCharge]
     """


    kwargs = _get_kwargs(
        token=token,
number=number,
openid=openid,
appid=appid,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    token: str,
    number: str,
    *,
    client: AuthenticatedClient | Client,
    openid: str,
    appid: str,

) -> ErrorBody | MiniProgramCharge | None:
    """ Charge from a mini-program

     Starts a wechatpay attempt for the payment from a WeChat mini-program and answers the
    parameters of `wx.requestPayment`. `{number}` is the shop's number and must be the payment's
    shop; `appid` must be registered for that shop. In the sandbox, approve the attempt with
    `POST /sandbox/payments/{payment_number}/approve`.

    Args:
        token (str):
        number (str):
        openid (str):
        appid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | MiniProgramCharge
     """


    return sync_detailed(
        token=token,
number=number,
client=client,
openid=openid,
appid=appid,

    ).parsed

async def asyncio_detailed(
    token: str,
    number: str,
    *,
    client: AuthenticatedClient | Client,
    openid: str,
    appid: str,

) -> Response[ErrorBody | MiniProgramCharge]:
    """ Charge from a mini-program

     Starts a wechatpay attempt for the payment from a WeChat mini-program and answers the
    parameters of `wx.requestPayment`. `{number}` is the shop's number and must be the payment's
    shop; `appid` must be registered for that shop. In the sandbox, approve the attempt with
    `POST /sandbox/payments/{payment_number}/approve`.

    Args:
        token (str):
        number (str):
        openid (str):
        appid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | MiniProgramCharge]
     """


    kwargs = _get_kwargs(
        token=token,
number=number,
openid=openid,
appid=appid,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    token: str,
    number: str,
    *,
    client: AuthenticatedClient | Client,
    openid: str,
    appid: str,

) -> ErrorBody | MiniProgramCharge | None:
    """ Charge from a mini-program

     Starts a wechatpay attempt for the payment from a WeChat mini-program and answers the
    parameters of `wx.requestPayment`. `{number}` is the shop's number and must be the payment's
    shop; `appid` must be registered for that shop. In the sandbox, approve the attempt with
    `POST /sandbox/payments/{payment_number}/approve`.

    Args:
        token (str):
        number (str):
        openid (str):
        appid (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | MiniProgramCharge
     """


    return (await asyncio_detailed(
        token=token,
number=number,
client=client,
openid=openid,
appid=appid,

    )).parsed
