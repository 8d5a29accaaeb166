from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...types import File, FileTypes
from io import BytesIO
from typing import cast



def _get_kwargs(
    id: int,
    name: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/order/shop/{id}/images/{name}".format(id=quote(str(id), safe=""),name=quote(str(name), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | File:
    if response.status_code == 200:
        response_200 = File(
             payload = BytesIO(response.content)
        )



        return response_200

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())



        return response_429

    response_default = ErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | File]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: int,
    name: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorBody | File]:
    """ Fetch an image of a shop's menus

     An image Noren hosts for the shop: links in `imageArray` of the shop and its menus that start with
    the server's own address point here. Public, no key. Answers the file with its content type
    (`image/svg+xml`, `image/png`, `image/jpeg`, …) and may be cached for a day.

    Args:
        id (int):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | File]
     """


    kwargs = _get_kwargs(
        id=id,
name=name,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: int,
    name: str,
    *,
    client: AuthenticatedClient | Client,

) -> ErrorBody | File | None:
    """ Fetch an image of a shop's menus

     An image Noren hosts for the shop: links in `imageArray` of the shop and its menus that start with
    the server's own address point here. Public, no key. Answers the file with its content type
    (`image/svg+xml`, `image/png`, `image/jpeg`, …) and may be cached for a day.

    Args:
        id (int):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | File
     """


    return sync_detailed(
        id=id,
name=name,
client=client,

    ).parsed

async def asyncio_detailed(
    id: int,
    name: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorBody | File]:
    """ Fetch an image of a shop's menus

     An image Noren hosts for the shop: links in `imageArray` of the shop and its menus that start with
    the server's own address point here. Public, no key. Answers the file with its content type
    (`image/svg+xml`, `image/png`, `image/jpeg`, …) and may be cached for a day.

    Args:
        id (int):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | File]
     """


    kwargs = _get_kwargs(
        id=id,
name=name,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: int,
    name: str,
    *,
    client: AuthenticatedClient | Client,

) -> ErrorBody | File | None:
    """ Fetch an image of a shop's menus

     An image Noren hosts for the shop: links in `imageArray` of the shop and its menus that start with
    the server's own address point here. Public, no key. Answers the file with its content type
    (`image/svg+xml`, `image/png`, `image/jpeg`, …) and may be cached for a day.

    Args:
        id (int):
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | File
     """


    return (await asyncio_detailed(
        id=id,
name=name,
client=client,

    )).parsed
