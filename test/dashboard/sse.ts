/** The live stream's text as the tests read it. */

/** The server-sent events in `text`, as [event, data]. */
export function events(text: string): [string, unknown][] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [event, data] = block.split('\n');
      return [event!.slice('event: '.length), JSON.parse(data!.slice('data: '.length))];
    });
}
