from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.inbound_error_body import InboundErrorBody
from ...types import File, FileTypes
from ...types import UNSET, Unset
from io import BytesIO
from typing import cast



def _get_kwargs(
    image_id: int,
    *,
    expires: str | Unset = UNSET,
    signature: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["expires"] = expires

    params["signature"] = signature


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/inbound-images/{image_id}".format(image_id=quote(str(image_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> File | InboundErrorBody:
    if response.status_code == 200:
        response_200 = File(
             payload = BytesIO(response.content)
        )



        return response_200

    if response.status_code == 403:
        response_403 = InboundErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = InboundErrorBody.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = InboundErrorBody.from_dict(response.json())



        return response_429

    response_default = InboundErrorBody.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[File | InboundErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    image_id: int,
    *,
    client: AuthenticatedClient | Client,
    expires: str | Unset = UNSET,
    signature: str | Unset = UNSET,

) -> Response[File | InboundErrorBody]:
    """ Fetch a shop or course image (signed link)

     The links in `shopImages` and `courseImages.courseImageUrls`. No key: the link's `signature`
    authorises it until `expires`, 10 minutes after the answer that carried it. Ask for the shop or
    course again for fresh links. Answers the image's bytes with its content type (`image/png`,
    `image/jpeg`, …).

    Args:
        image_id (int):
        expires (str | Unset):
        signature (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        image_id=image_id,
expires=expires,
signature=signature,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    image_id: int,
    *,
    client: AuthenticatedClient | Client,
    expires: str | Unset = UNSET,
    signature: str | Unset = UNSET,

) -> File | InboundErrorBody | None:
    """ Fetch a shop or course image (signed link)

     The links in `shopImages` and `courseImages.courseImageUrls`. No key: the link's `signature`
    authorises it until `expires`, 10 minutes after the answer that carried it. Ask for the shop or
    course again for fresh links. Answers the image's bytes with its content type (`image/png`,
    `image/jpeg`, …).

    Args:
        image_id (int):
        expires (str | Unset):
        signature (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | InboundErrorBody
     """


    return sync_detailed(
        image_id=image_id,
client=client,
expires=expires,
signature=signature,

    ).parsed

async def asyncio_detailed(
    image_id: int,
    *,
    client: AuthenticatedClient | Client,
    expires: str | Unset = UNSET,
    signature: str | Unset = UNSET,

) -> Response[File | InboundErrorBody]:
    """ Fetch a shop or course image (signed link)

     The links in `shopImages` and `courseImages.courseImageUrls`. No key: the link's `signature`
    authorises it until `expires`, 10 minutes after the answer that carried it. Ask for the shop or
    course again for fresh links. Answers the image's bytes with its content type (`image/png`,
    `image/jpeg`, …).

    Args:
        image_id (int):
        expires (str | Unset):
        signature (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | InboundErrorBody]
     """


    kwargs = _get_kwargs(
        image_id=image_id,
expires=expires,
signature=signature,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    image_id: int,
    *,
    client: AuthenticatedClient | Client,
    expires: str | Unset = UNSET,
    signature: str | Unset = UNSET,

) -> File | InboundErrorBody | None:
    """ Fetch a shop or course image (signed link)

     The links in `shopImages` and `courseImages.courseImageUrls`. No key: the link's `signature`
    authorises it until `expires`, 10 minutes after the answer that carried it. Ask for the shop or
    course again for fresh links. Answers the image's bytes with its content type (`image/png`,
    `image/jpeg`, …).

    Args:
        image_id (int):
        expires (str | Unset):
        signature (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | InboundErrorBody
     """


    return (await asyncio_detailed(
        image_id=image_id,
client=client,
expires=expires,
signature=signature,

    )).parsed
