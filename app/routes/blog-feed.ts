// Being built this session (issue 13).
export function loader() {
  return new Response('Not found', { status: 404 })
}
