/**
 * GitHub webhooks, verified with the official `@octokit/webhooks`: the raw body against
 * X-Hub-Signature-256, then the event routed by X-GitHub-Event and the body's action.
 */
import { Controller, Headers, HttpCode, Post, Req, UnauthorizedException, type RawBodyRequest } from '@nestjs/common';
import { Webhooks } from '@octokit/webhooks';
import type { Request } from 'express';

@Controller('webhooks/github')
export class GithubWebhookController {
  private readonly webhooks = new Webhooks({ secret: process.env.GITHUB_WEBHOOK_SECRET! });

  @Post()
  @HttpCode(200)
  async receive(
    @Req() request: RawBodyRequest<Request>,
    @Headers('x-hub-signature-256') signature?: string,
    @Headers('x-github-event') event?: string,
  ) {
    const body = request.rawBody?.toString('utf8') ?? '';
    if (!signature || !(await this.webhooks.verify(body, signature))) {
      throw new UnauthorizedException('invalid signature');
    }
    const payload = JSON.parse(body) as { action?: string };
    return { event, action: payload.action ?? null };
  }
}
