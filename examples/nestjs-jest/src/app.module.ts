import { Module } from '@nestjs/common';
import { GithubWebhookController } from './github/github-webhook.controller';
import { StripeWebhookController } from './stripe/stripe-webhook.controller';

@Module({ controllers: [StripeWebhookController, GithubWebhookController] })
export class AppModule {}
