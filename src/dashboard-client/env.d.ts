/** The style sheet main.ts imports: the build writes it beside the script as app.css. */
declare module '*.css';
