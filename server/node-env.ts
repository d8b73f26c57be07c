// Imported first by server/main.ts, before any module that reads NODE_ENV as it loads (React, React
// DOM and React Router choose their production or development builds then): the production server
// runs the production builds unless NODE_ENV says otherwise; `--dev` keeps development.
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production'
