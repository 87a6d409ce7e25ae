/* bnbtune candidate of kernel mxm (M=64, N=4096, K=4096)
 * local size 16 x 16 x 1, 4 x 1 x 64 groups
 * zeroed by the host before each launch (a split store adds into it): C
 * decisions (the orders of elided dims, all absent, left out):
 *   tile(T1)=2
 *   tile(T2)=16
 *   tile(T3)=2
 *   tile(TS)=64
 *   tile(TK)=16
 *   kind(m.0)=block
 *   kind(n.0)=block
 *   kind(m.1@acc)=unroll
 *   kind(m.2@acc)=thread.y
 *   kind(m.3@acc)=unroll
 *   kind(n.1@acc)=unroll
 *   kind(n.2@acc)=thread.x
 *   kind(n.3@acc)=unroll
 *   kind(k.0)=block
 *   kind(k.1)=loop
 *   kind(k.2@a)=thread.x
 *   kind(m.1@a)=unroll
 *   kind(m.2@a)=thread.y
 *   kind(m.3@a)=unroll
 *   kind(k.2@b)=thread.y
 *   kind(n.1@b)=unroll
 *   kind(n.2@b)=thread.x
 *   kind(n.3@b)=unroll
 *   kind(m.1@acc.upd)=unroll
 *   kind(m.2@acc.upd)=thread.y
 *   kind(m.3@acc.upd)=unroll
 *   kind(n.1@acc.upd)=unroll
 *   kind(n.2@acc.upd)=thread.x
 *   kind(n.3@acc.upd)=unroll
 *   kind(k.2@acc.upd)=loop
 *   kind(m.1@st.C)=unroll
 *   kind(m.2@st.C)=thread.y
 *   kind(m.3@st.C)=unroll
 *   kind(n.1@st.C)=unroll
 *   kind(n.2@st.C)=thread.x
 *   kind(n.3@st.C)=unroll
 *   mem(acc)=private
 *   mem(a)=local
 *   mem(b)=local
 *   order(m.0,n.0)=inside
 *   order(m.0,m.1@acc)=outside
 *   order(m.0,m.2@acc)=outside
 *   order(m.0,m.3@acc)=outside
 *   order(m.0,n.1@acc)=outside
 *   order(m.0,n.2@acc)=outside
 *   order(m.0,n.3@acc)=outside
 *   order(m.0,k.0)=outside
 *   order(m.0,k.1)=outside
 *   order(m.0,k.2@a)=outside
 *   order(m.0,m.1@a)=outside
 *   order(m.0,m.2@a)=outside
 *   order(m.0,m.3@a)=outside
 *   order(m.0,k.2@b)=outside
 *   order(m.0,n.1@b)=outside
 *   order(m.0,n.2@b)=outside
 *   order(m.0,n.3@b)=outside
 *   order(m.0,m.1@acc.upd)=outside
 *   order(m.0,m.2@acc.upd)=outside
 *   order(m.0,m.3@acc.upd)=outside
 *   order(m.0,n.1@acc.upd)=outside
 *   order(m.0,n.2@acc.upd)=outside
 *   order(m.0,n.3@acc.upd)=outside
 *   order(m.0,k.2@acc.upd)=outside
 *   order(m.0,m.1@st.C)=outside
 *   order(m.0,m.2@st.C)=outside
 *   order(m.0,m.3@st.C)=outside
 *   order(m.0,n.1@st.C)=outside
 *   order(m.0,n.2@st.C)=outside
 *   order(m.0,n.3@st.C)=outside
 *   order(m.0,acc)=outside
 *   order(m.0,a)=outside
 *   order(m.0,b)=outside
 *   order(m.0,acc.upd)=outside
 *   order(m.0,st.C)=outside
 *   order(n.0,m.1@acc)=outside
 *   order(n.0,m.2@acc)=outside
 *   order(n.0,m.3@acc)=outside
 *   order(n.0,n.1@acc)=outside
 *   order(n.0,n.2@acc)=outside
 *   order(n.0,n.3@acc)=outside
 *   order(n.0,k.0)=outside
 *   order(n.0,k.1)=outside
 *   order(n.0,k.2@a)=outside
 *   order(n.0,m.1@a)=outside
 *   order(n.0,m.2@a)=outside
 *   order(n.0,m.3@a)=outside
 *   order(n.0,k.2@b)=outside
 *   order(n.0,n.1@b)=outside
 *   order(n.0,n.2@b)=outside
 *   order(n.0,n.3@b)=outside
 *   order(n.0,m.1@acc.upd)=outside
 *   order(n.0,m.2@acc.upd)=outside
 *   order(n.0,m.3@acc.upd)=outside
 *   order(n.0,n.1@acc.upd)=outside
 *   order(n.0,n.2@acc.upd)=outside
 *   order(n.0,n.3@acc.upd)=outside
 *   order(n.0,k.2@acc.upd)=outside
 *   order(n.0,m.1@st.C)=outside
 *   order(n.0,m.2@st.C)=outside
 *   order(n.0,m.3@st.C)=outside
 *   order(n.0,n.1@st.C)=outside
 *   order(n.0,n.2@st.C)=outside
 *   order(n.0,n.3@st.C)=outside
 *   order(n.0,acc)=outside
 *   order(n.0,a)=outside
 *   order(n.0,b)=outside
 *   order(n.0,acc.upd)=outside
 *   order(n.0,st.C)=outside
 *   order(m.1@acc,m.2@acc)=inside
 *   order(m.1@acc,m.3@acc)=inside
 *   order(m.1@acc,n.1@acc)=inside
 *   order(m.1@acc,n.2@acc)=inside
 *   order(m.1@acc,n.3@acc)=inside
 *   order(m.1@acc,k.0)=inside
 *   order(m.1@acc,k.1)=before
 *   order(m.1@acc,k.2@a)=before
 *   order(m.1@acc,m.1@a)=before
 *   order(m.1@acc,m.2@a)=before
 *   order(m.1@acc,m.3@a)=before
 *   order(m.1@acc,k.2@b)=before
 *   order(m.1@acc,n.1@b)=before
 *   order(m.1@acc,n.2@b)=before
 *   order(m.1@acc,n.3@b)=before
 *   order(m.1@acc,m.1@acc.upd)=before
 *   order(m.1@acc,m.2@acc.upd)=before
 *   order(m.1@acc,m.3@acc.upd)=before
 *   order(m.1@acc,n.1@acc.upd)=before
 *   order(m.1@acc,n.2@acc.upd)=before
 *   order(m.1@acc,n.3@acc.upd)=before
 *   order(m.1@acc,k.2@acc.upd)=before
 *   order(m.1@acc,m.1@st.C)=before
 *   order(m.1@acc,m.2@st.C)=before
 *   order(m.1@acc,m.3@st.C)=before
 *   order(m.1@acc,n.1@st.C)=before
 *   order(m.1@acc,n.2@st.C)=before
 *   order(m.1@acc,n.3@st.C)=before
 *   order(m.1@acc,acc)=outside
 *   order(m.1@acc,a)=before
 *   order(m.1@acc,b)=before
 *   order(m.1@acc,acc.upd)=before
 *   order(m.1@acc,st.C)=before
 *   order(m.2@acc,m.3@acc)=inside
 *   order(m.2@acc,n.1@acc)=inside
 *   order(m.2@acc,n.2@acc)=inside
 *   order(m.2@acc,n.3@acc)=inside
 *   order(m.2@acc,k.0)=inside
 *   order(m.2@acc,k.1)=before
 *   order(m.2@acc,k.2@a)=before
 *   order(m.2@acc,m.1@a)=before
 *   order(m.2@acc,m.2@a)=before
 *   order(m.2@acc,m.3@a)=before
 *   order(m.2@acc,k.2@b)=before
 *   order(m.2@acc,n.1@b)=before
 *   order(m.2@acc,n.2@b)=before
 *   order(m.2@acc,n.3@b)=before
 *   order(m.2@acc,m.1@acc.upd)=before
 *   order(m.2@acc,m.2@acc.upd)=before
 *   order(m.2@acc,m.3@acc.upd)=before
 *   order(m.2@acc,n.1@acc.upd)=before
 *   order(m.2@acc,n.2@acc.upd)=before
 *   order(m.2@acc,n.3@acc.upd)=before
 *   order(m.2@acc,k.2@acc.upd)=before
 *   order(m.2@acc,m.1@st.C)=before
 *   order(m.2@acc,m.2@st.C)=before
 *   order(m.2@acc,m.3@st.C)=before
 *   order(m.2@acc,n.1@st.C)=before
 *   order(m.2@acc,n.2@st.C)=before
 *   order(m.2@acc,n.3@st.C)=before
 *   order(m.2@acc,acc)=outside
 *   order(m.2@acc,a)=before
 *   order(m.2@acc,b)=before
 *   order(m.2@acc,acc.upd)=before
 *   order(m.2@acc,st.C)=before
 *   order(m.3@acc,n.1@acc)=inside
 *   order(m.3@acc,n.2@acc)=inside
 *   order(m.3@acc,n.3@acc)=inside
 *   order(m.3@acc,k.0)=inside
 *   order(m.3@acc,k.1)=before
 *   order(m.3@acc,k.2@a)=before
 *   order(m.3@acc,m.1@a)=before
 *   order(m.3@acc,m.2@a)=before
 *   order(m.3@acc,m.3@a)=before
 *   order(m.3@acc,k.2@b)=before
 *   order(m.3@acc,n.1@b)=before
 *   order(m.3@acc,n.2@b)=before
 *   order(m.3@acc,n.3@b)=before
 *   order(m.3@acc,m.1@acc.upd)=before
 *   order(m.3@acc,m.2@acc.upd)=before
 *   order(m.3@acc,m.3@acc.upd)=before
 *   order(m.3@acc,n.1@acc.upd)=before
 *   order(m.3@acc,n.2@acc.upd)=before
 *   order(m.3@acc,n.3@acc.upd)=before
 *   order(m.3@acc,k.2@acc.upd)=before
 *   order(m.3@acc,m.1@st.C)=before
 *   order(m.3@acc,m.2@st.C)=before
 *   order(m.3@acc,m.3@st.C)=before
 *   order(m.3@acc,n.1@st.C)=before
 *   order(m.3@acc,n.2@st.C)=before
 *   order(m.3@acc,n.3@st.C)=before
 *   order(m.3@acc,acc)=outside
 *   order(m.3@acc,a)=before
 *   order(m.3@acc,b)=before
 *   order(m.3@acc,acc.upd)=before
 *   order(m.3@acc,st.C)=before
 *   order(n.1@acc,n.2@acc)=inside
 *   order(n.1@acc,n.3@acc)=inside
 *   order(n.1@acc,k.0)=inside
 *   order(n.1@acc,k.1)=before
 *   order(n.1@acc,k.2@a)=before
 *   order(n.1@acc,m.1@a)=before
 *   order(n.1@acc,m.2@a)=before
 *   order(n.1@acc,m.3@a)=before
 *   order(n.1@acc,k.2@b)=before
 *   order(n.1@acc,n.1@b)=before
 *   order(n.1@acc,n.2@b)=before
 *   order(n.1@acc,n.3@b)=before
 *   order(n.1@acc,m.1@acc.upd)=before
 *   order(n.1@acc,m.2@acc.upd)=before
 *   order(n.1@acc,m.3@acc.upd)=before
 *   order(n.1@acc,n.1@acc.upd)=before
 *   order(n.1@acc,n.2@acc.upd)=before
 *   order(n.1@acc,n.3@acc.upd)=before
 *   order(n.1@acc,k.2@acc.upd)=before
 *   order(n.1@acc,m.1@st.C)=before
 *   order(n.1@acc,m.2@st.C)=before
 *   order(n.1@acc,m.3@st.C)=before
 *   order(n.1@acc,n.1@st.C)=before
 *   order(n.1@acc,n.2@st.C)=before
 *   order(n.1@acc,n.3@st.C)=before
 *   order(n.1@acc,acc)=outside
 *   order(n.1@acc,a)=before
 *   order(n.1@acc,b)=before
 *   order(n.1@acc,acc.upd)=before
 *   order(n.1@acc,st.C)=before
 *   order(n.2@acc,n.3@acc)=inside
 *   order(n.2@acc,k.0)=inside
 *   order(n.2@acc,k.1)=before
 *   order(n.2@acc,k.2@a)=before
 *   order(n.2@acc,m.1@a)=before
 *   order(n.2@acc,m.2@a)=before
 *   order(n.2@acc,m.3@a)=before
 *   order(n.2@acc,k.2@b)=before
 *   order(n.2@acc,n.1@b)=before
 *   order(n.2@acc,n.2@b)=before
 *   order(n.2@acc,n.3@b)=before
 *   order(n.2@acc,m.1@acc.upd)=before
 *   order(n.2@acc,m.2@acc.upd)=before
 *   order(n.2@acc,m.3@acc.upd)=before
 *   order(n.2@acc,n.1@acc.upd)=before
 *   order(n.2@acc,n.2@acc.upd)=before
 *   order(n.2@acc,n.3@acc.upd)=before
 *   order(n.2@acc,k.2@acc.upd)=before
 *   order(n.2@acc,m.1@st.C)=before
 *   order(n.2@acc,m.2@st.C)=before
 *   order(n.2@acc,m.3@st.C)=before
 *   order(n.2@acc,n.1@st.C)=before
 *   order(n.2@acc,n.2@st.C)=before
 *   order(n.2@acc,n.3@st.C)=before
 *   order(n.2@acc,acc)=outside
 *   order(n.2@acc,a)=before
 *   order(n.2@acc,b)=before
 *   order(n.2@acc,acc.upd)=before
 *   order(n.2@acc,st.C)=before
 *   order(n.3@acc,k.0)=inside
 *   order(n.3@acc,k.1)=before
 *   order(n.3@acc,k.2@a)=before
 *   order(n.3@acc,m.1@a)=before
 *   order(n.3@acc,m.2@a)=before
 *   order(n.3@acc,m.3@a)=before
 *   order(n.3@acc,k.2@b)=before
 *   order(n.3@acc,n.1@b)=before
 *   order(n.3@acc,n.2@b)=before
 *   order(n.3@acc,n.3@b)=before
 *   order(n.3@acc,m.1@acc.upd)=before
 *   order(n.3@acc,m.2@acc.upd)=before
 *   order(n.3@acc,m.3@acc.upd)=before
 *   order(n.3@acc,n.1@acc.upd)=before
 *   order(n.3@acc,n.2@acc.upd)=before
 *   order(n.3@acc,n.3@acc.upd)=before
 *   order(n.3@acc,k.2@acc.upd)=before
 *   order(n.3@acc,m.1@st.C)=before
 *   order(n.3@acc,m.2@st.C)=before
 *   order(n.3@acc,m.3@st.C)=before
 *   order(n.3@acc,n.1@st.C)=before
 *   order(n.3@acc,n.2@st.C)=before
 *   order(n.3@acc,n.3@st.C)=before
 *   order(n.3@acc,acc)=outside
 *   order(n.3@acc,a)=before
 *   order(n.3@acc,b)=before
 *   order(n.3@acc,acc.upd)=before
 *   order(n.3@acc,st.C)=before
 *   order(k.0,k.1)=outside
 *   order(k.0,k.2@a)=outside
 *   order(k.0,m.1@a)=outside
 *   order(k.0,m.2@a)=outside
 *   order(k.0,m.3@a)=outside
 *   order(k.0,k.2@b)=outside
 *   order(k.0,n.1@b)=outside
 *   order(k.0,n.2@b)=outside
 *   order(k.0,n.3@b)=outside
 *   order(k.0,m.1@acc.upd)=outside
 *   order(k.0,m.2@acc.upd)=outside
 *   order(k.0,m.3@acc.upd)=outside
 *   order(k.0,n.1@acc.upd)=outside
 *   order(k.0,n.2@acc.upd)=outside
 *   order(k.0,n.3@acc.upd)=outside
 *   order(k.0,k.2@acc.upd)=outside
 *   order(k.0,m.1@st.C)=outside
 *   order(k.0,m.2@st.C)=outside
 *   order(k.0,m.3@st.C)=outside
 *   order(k.0,n.1@st.C)=outside
 *   order(k.0,n.2@st.C)=outside
 *   order(k.0,n.3@st.C)=outside
 *   order(k.0,acc)=outside
 *   order(k.0,a)=outside
 *   order(k.0,b)=outside
 *   order(k.0,acc.upd)=outside
 *   order(k.0,st.C)=outside
 *   order(k.1,k.2@a)=outside
 *   order(k.1,m.1@a)=outside
 *   order(k.1,m.2@a)=outside
 *   order(k.1,m.3@a)=outside
 *   order(k.1,k.2@b)=outside
 *   order(k.1,n.1@b)=outside
 *   order(k.1,n.2@b)=outside
 *   order(k.1,n.3@b)=outside
 *   order(k.1,m.1@acc.upd)=outside
 *   order(k.1,m.2@acc.upd)=outside
 *   order(k.1,m.3@acc.upd)=outside
 *   order(k.1,n.1@acc.upd)=outside
 *   order(k.1,n.2@acc.upd)=outside
 *   order(k.1,n.3@acc.upd)=outside
 *   order(k.1,k.2@acc.upd)=outside
 *   order(k.1,m.1@st.C)=before
 *   order(k.1,m.2@st.C)=before
 *   order(k.1,m.3@st.C)=before
 *   order(k.1,n.1@st.C)=before
 *   order(k.1,n.2@st.C)=before
 *   order(k.1,n.3@st.C)=before
 *   order(k.1,acc)=after
 *   order(k.1,a)=outside
 *   order(k.1,b)=outside
 *   order(k.1,acc.upd)=outside
 *   order(k.1,st.C)=before
 *   order(k.2@a,m.1@a)=inside
 *   order(k.2@a,m.2@a)=inside
 *   order(k.2@a,m.3@a)=outside
 *   order(k.2@a,k.2@b)=inside
 *   order(k.2@a,n.1@b)=inside
 *   order(k.2@a,n.2@b)=fused
 *   order(k.2@a,n.3@b)=outside
 *   order(k.2@a,m.1@acc.upd)=before
 *   order(k.2@a,m.2@acc.upd)=before
 *   order(k.2@a,m.3@acc.upd)=before
 *   order(k.2@a,n.1@acc.upd)=before
 *   order(k.2@a,n.2@acc.upd)=before
 *   order(k.2@a,n.3@acc.upd)=before
 *   order(k.2@a,k.2@acc.upd)=before
 *   order(k.2@a,m.1@st.C)=before
 *   order(k.2@a,m.2@st.C)=before
 *   order(k.2@a,m.3@st.C)=before
 *   order(k.2@a,n.1@st.C)=before
 *   order(k.2@a,n.2@st.C)=before
 *   order(k.2@a,n.3@st.C)=before
 *   order(k.2@a,acc)=after
 *   order(k.2@a,a)=outside
 *   order(k.2@a,b)=outside
 *   order(k.2@a,acc.upd)=before
 *   order(k.2@a,st.C)=before
 *   order(m.1@a,m.2@a)=inside
 *   order(m.1@a,m.3@a)=outside
 *   order(m.1@a,k.2@b)=inside
 *   order(m.1@a,n.1@b)=fused
 *   order(m.1@a,n.2@b)=outside
 *   order(m.1@a,n.3@b)=outside
 *   order(m.1@a,m.1@acc.upd)=before
 *   order(m.1@a,m.2@acc.upd)=before
 *   order(m.1@a,m.3@acc.upd)=before
 *   order(m.1@a,n.1@acc.upd)=before
 *   order(m.1@a,n.2@acc.upd)=before
 *   order(m.1@a,n.3@acc.upd)=before
 *   order(m.1@a,k.2@acc.upd)=before
 *   order(m.1@a,m.1@st.C)=before
 *   order(m.1@a,m.2@st.C)=before
 *   order(m.1@a,m.3@st.C)=before
 *   order(m.1@a,n.1@st.C)=before
 *   order(m.1@a,n.2@st.C)=before
 *   order(m.1@a,n.3@st.C)=before
 *   order(m.1@a,acc)=after
 *   order(m.1@a,a)=outside
 *   order(m.1@a,b)=outside
 *   order(m.1@a,acc.upd)=before
 *   order(m.1@a,st.C)=before
 *   order(m.2@a,m.3@a)=outside
 *   order(m.2@a,k.2@b)=fused
 *   order(m.2@a,n.1@b)=outside
 *   order(m.2@a,n.2@b)=outside
 *   order(m.2@a,n.3@b)=outside
 *   order(m.2@a,m.1@acc.upd)=before
 *   order(m.2@a,m.2@acc.upd)=before
 *   order(m.2@a,m.3@acc.upd)=before
 *   order(m.2@a,n.1@acc.upd)=before
 *   order(m.2@a,n.2@acc.upd)=before
 *   order(m.2@a,n.3@acc.upd)=before
 *   order(m.2@a,k.2@acc.upd)=before
 *   order(m.2@a,m.1@st.C)=before
 *   order(m.2@a,m.2@st.C)=before
 *   order(m.2@a,m.3@st.C)=before
 *   order(m.2@a,n.1@st.C)=before
 *   order(m.2@a,n.2@st.C)=before
 *   order(m.2@a,n.3@st.C)=before
 *   order(m.2@a,acc)=after
 *   order(m.2@a,a)=outside
 *   order(m.2@a,b)=outside
 *   order(m.2@a,acc.upd)=before
 *   order(m.2@a,st.C)=before
 *   order(m.3@a,k.2@b)=inside
 *   order(m.3@a,n.1@b)=inside
 *   order(m.3@a,n.2@b)=inside
 *   order(m.3@a,n.3@b)=before
 *   order(m.3@a,m.1@acc.upd)=before
 *   order(m.3@a,m.2@acc.upd)=before
 *   order(m.3@a,m.3@acc.upd)=before
 *   order(m.3@a,n.1@acc.upd)=before
 *   order(m.3@a,n.2@acc.upd)=before
 *   order(m.3@a,n.3@acc.upd)=before
 *   order(m.3@a,k.2@acc.upd)=before
 *   order(m.3@a,m.1@st.C)=before
 *   order(m.3@a,m.2@st.C)=before
 *   order(m.3@a,m.3@st.C)=before
 *   order(m.3@a,n.1@st.C)=before
 *   order(m.3@a,n.2@st.C)=before
 *   order(m.3@a,n.3@st.C)=before
 *   order(m.3@a,acc)=after
 *   order(m.3@a,a)=outside
 *   order(m.3@a,b)=before
 *   order(m.3@a,acc.upd)=before
 *   order(m.3@a,st.C)=before
 *   order(k.2@b,n.1@b)=outside
 *   order(k.2@b,n.2@b)=outside
 *   order(k.2@b,n.3@b)=outside
 *   order(k.2@b,m.1@acc.upd)=before
 *   order(k.2@b,m.2@acc.upd)=before
 *   order(k.2@b,m.3@acc.upd)=before
 *   order(k.2@b,n.1@acc.upd)=before
 *   order(k.2@b,n.2@acc.upd)=before
 *   order(k.2@b,n.3@acc.upd)=before
 *   order(k.2@b,k.2@acc.upd)=before
 *   order(k.2@b,m.1@st.C)=before
 *   order(k.2@b,m.2@st.C)=before
 *   order(k.2@b,m.3@st.C)=before
 *   order(k.2@b,n.1@st.C)=before
 *   order(k.2@b,n.2@st.C)=before
 *   order(k.2@b,n.3@st.C)=before
 *   order(k.2@b,acc)=after
 *   order(k.2@b,a)=outside
 *   order(k.2@b,b)=outside
 *   order(k.2@b,acc.upd)=before
 *   order(k.2@b,st.C)=before
 *   order(n.1@b,n.2@b)=outside
 *   order(n.1@b,n.3@b)=outside
 *   order(n.1@b,m.1@acc.upd)=before
 *   order(n.1@b,m.2@acc.upd)=before
 *   order(n.1@b,m.3@acc.upd)=before
 *   order(n.1@b,n.1@acc.upd)=before
 *   order(n.1@b,n.2@acc.upd)=before
 *   order(n.1@b,n.3@acc.upd)=before
 *   order(n.1@b,k.2@acc.upd)=before
 *   order(n.1@b,m.1@st.C)=before
 *   order(n.1@b,m.2@st.C)=before
 *   order(n.1@b,m.3@st.C)=before
 *   order(n.1@b,n.1@st.C)=before
 *   order(n.1@b,n.2@st.C)=before
 *   order(n.1@b,n.3@st.C)=before
 *   order(n.1@b,acc)=after
 *   order(n.1@b,a)=outside
 *   order(n.1@b,b)=outside
 *   order(n.1@b,acc.upd)=before
 *   order(n.1@b,st.C)=before
 *   order(n.2@b,n.3@b)=outside
 *   order(n.2@b,m.1@acc.upd)=before
 *   order(n.2@b,m.2@acc.upd)=before
 *   order(n.2@b,m.3@acc.upd)=before
 *   order(n.2@b,n.1@acc.upd)=before
 *   order(n.2@b,n.2@acc.upd)=before
 *   order(n.2@b,n.3@acc.upd)=before
 *   order(n.2@b,k.2@acc.upd)=before
 *   order(n.2@b,m.1@st.C)=before
 *   order(n.2@b,m.2@st.C)=before
 *   order(n.2@b,m.3@st.C)=before
 *   order(n.2@b,n.1@st.C)=before
 *   order(n.2@b,n.2@st.C)=before
 *   order(n.2@b,n.3@st.C)=before
 *   order(n.2@b,acc)=after
 *   order(n.2@b,a)=outside
 *   order(n.2@b,b)=outside
 *   order(n.2@b,acc.upd)=before
 *   order(n.2@b,st.C)=before
 *   order(n.3@b,m.1@acc.upd)=before
 *   order(n.3@b,m.2@acc.upd)=before
 *   order(n.3@b,m.3@acc.upd)=before
 *   order(n.3@b,n.1@acc.upd)=before
 *   order(n.3@b,n.2@acc.upd)=before
 *   order(n.3@b,n.3@acc.upd)=before
 *   order(n.3@b,k.2@acc.upd)=before
 *   order(n.3@b,m.1@st.C)=before
 *   order(n.3@b,m.2@st.C)=before
 *   order(n.3@b,m.3@st.C)=before
 *   order(n.3@b,n.1@st.C)=before
 *   order(n.3@b,n.2@st.C)=before
 *   order(n.3@b,n.3@st.C)=before
 *   order(n.3@b,acc)=after
 *   order(n.3@b,a)=after
 *   order(n.3@b,b)=outside
 *   order(n.3@b,acc.upd)=before
 *   order(n.3@b,st.C)=before
 *   order(m.1@acc.upd,m.2@acc.upd)=inside
 *   order(m.1@acc.upd,m.3@acc.upd)=inside
 *   order(m.1@acc.upd,n.1@acc.upd)=inside
 *   order(m.1@acc.upd,n.2@acc.upd)=inside
 *   order(m.1@acc.upd,n.3@acc.upd)=inside
 *   order(m.1@acc.upd,k.2@acc.upd)=inside
 *   order(m.1@acc.upd,m.1@st.C)=before
 *   order(m.1@acc.upd,m.2@st.C)=before
 *   order(m.1@acc.upd,m.3@st.C)=before
 *   order(m.1@acc.upd,n.1@st.C)=before
 *   order(m.1@acc.upd,n.2@st.C)=before
 *   order(m.1@acc.upd,n.3@st.C)=before
 *   order(m.1@acc.upd,acc)=after
 *   order(m.1@acc.upd,a)=after
 *   order(m.1@acc.upd,b)=after
 *   order(m.1@acc.upd,acc.upd)=outside
 *   order(m.1@acc.upd,st.C)=before
 *   order(m.2@acc.upd,m.3@acc.upd)=inside
 *   order(m.2@acc.upd,n.1@acc.upd)=inside
 *   order(m.2@acc.upd,n.2@acc.upd)=inside
 *   order(m.2@acc.upd,n.3@acc.upd)=inside
 *   order(m.2@acc.upd,k.2@acc.upd)=inside
 *   order(m.2@acc.upd,m.1@st.C)=before
 *   order(m.2@acc.upd,m.2@st.C)=before
 *   order(m.2@acc.upd,m.3@st.C)=before
 *   order(m.2@acc.upd,n.1@st.C)=before
 *   order(m.2@acc.upd,n.2@st.C)=before
 *   order(m.2@acc.upd,n.3@st.C)=before
 *   order(m.2@acc.upd,acc)=after
 *   order(m.2@acc.upd,a)=after
 *   order(m.2@acc.upd,b)=after
 *   order(m.2@acc.upd,acc.upd)=outside
 *   order(m.2@acc.upd,st.C)=before
 *   order(m.3@acc.upd,n.1@acc.upd)=inside
 *   order(m.3@acc.upd,n.2@acc.upd)=inside
 *   order(m.3@acc.upd,n.3@acc.upd)=inside
 *   order(m.3@acc.upd,k.2@acc.upd)=inside
 *   order(m.3@acc.upd,m.1@st.C)=before
 *   order(m.3@acc.upd,m.2@st.C)=before
 *   order(m.3@acc.upd,m.3@st.C)=before
 *   order(m.3@acc.upd,n.1@st.C)=before
 *   order(m.3@acc.upd,n.2@st.C)=before
 *   order(m.3@acc.upd,n.3@st.C)=before
 *   order(m.3@acc.upd,acc)=after
 *   order(m.3@acc.upd,a)=after
 *   order(m.3@acc.upd,b)=after
 *   order(m.3@acc.upd,acc.upd)=outside
 *   order(m.3@acc.upd,st.C)=before
 *   order(n.1@acc.upd,n.2@acc.upd)=inside
 *   order(n.1@acc.upd,n.3@acc.upd)=inside
 *   order(n.1@acc.upd,k.2@acc.upd)=inside
 *   order(n.1@acc.upd,m.1@st.C)=before
 *   order(n.1@acc.upd,m.2@st.C)=before
 *   order(n.1@acc.upd,m.3@st.C)=before
 *   order(n.1@acc.upd,n.1@st.C)=before
 *   order(n.1@acc.upd,n.2@st.C)=before
 *   order(n.1@acc.upd,n.3@st.C)=before
 *   order(n.1@acc.upd,acc)=after
 *   order(n.1@acc.upd,a)=after
 *   order(n.1@acc.upd,b)=after
 *   order(n.1@acc.upd,acc.upd)=outside
 *   order(n.1@acc.upd,st.C)=before
 *   order(n.2@acc.upd,n.3@acc.upd)=inside
 *   order(n.2@acc.upd,k.2@acc.upd)=inside
 *   order(n.2@acc.upd,m.1@st.C)=before
 *   order(n.2@acc.upd,m.2@st.C)=before
 *   order(n.2@acc.upd,m.3@st.C)=before
 *   order(n.2@acc.upd,n.1@st.C)=before
 *   order(n.2@acc.upd,n.2@st.C)=before
 *   order(n.2@acc.upd,n.3@st.C)=before
 *   order(n.2@acc.upd,acc)=after
 *   order(n.2@acc.upd,a)=after
 *   order(n.2@acc.upd,b)=after
 *   order(n.2@acc.upd,acc.upd)=outside
 *   order(n.2@acc.upd,st.C)=before
 *   order(n.3@acc.upd,k.2@acc.upd)=inside
 *   order(n.3@acc.upd,m.1@st.C)=before
 *   order(n.3@acc.upd,m.2@st.C)=before
 *   order(n.3@acc.upd,m.3@st.C)=before
 *   order(n.3@acc.upd,n.1@st.C)=before
 *   order(n.3@acc.upd,n.2@st.C)=before
 *   order(n.3@acc.upd,n.3@st.C)=before
 *   order(n.3@acc.upd,acc)=after
 *   order(n.3@acc.upd,a)=after
 *   order(n.3@acc.upd,b)=after
 *   order(n.3@acc.upd,acc.upd)=outside
 *   order(n.3@acc.upd,st.C)=before
 *   order(k.2@acc.upd,m.1@st.C)=before
 *   order(k.2@acc.upd,m.2@st.C)=before
 *   order(k.2@acc.upd,m.3@st.C)=before
 *   order(k.2@acc.upd,n.1@st.C)=before
 *   order(k.2@acc.upd,n.2@st.C)=before
 *   order(k.2@acc.upd,n.3@st.C)=before
 *   order(k.2@acc.upd,acc)=after
 *   order(k.2@acc.upd,a)=after
 *   order(k.2@acc.upd,b)=after
 *   order(k.2@acc.upd,acc.upd)=outside
 *   order(k.2@acc.upd,st.C)=before
 *   order(m.1@st.C,m.2@st.C)=inside
 *   order(m.1@st.C,m.3@st.C)=inside
 *   order(m.1@st.C,n.1@st.C)=inside
 *   order(m.1@st.C,n.2@st.C)=inside
 *   order(m.1@st.C,n.3@st.C)=inside
 *   order(m.1@st.C,acc)=after
 *   order(m.1@st.C,a)=after
 *   order(m.1@st.C,b)=after
 *   order(m.1@st.C,acc.upd)=after
 *   order(m.1@st.C,st.C)=outside
 *   order(m.2@st.C,m.3@st.C)=inside
 *   order(m.2@st.C,n.1@st.C)=inside
 *   order(m.2@st.C,n.2@st.C)=inside
 *   order(m.2@st.C,n.3@st.C)=inside
 *   order(m.2@st.C,acc)=after
 *   order(m.2@st.C,a)=after
 *   order(m.2@st.C,b)=after
 *   order(m.2@st.C,acc.upd)=after
 *   order(m.2@st.C,st.C)=outside
 *   order(m.3@st.C,n.1@st.C)=inside
 *   order(m.3@st.C,n.2@st.C)=inside
 *   order(m.3@st.C,n.3@st.C)=inside
 *   order(m.3@st.C,acc)=after
 *   order(m.3@st.C,a)=after
 *   order(m.3@st.C,b)=after
 *   order(m.3@st.C,acc.upd)=after
 *   order(m.3@st.C,st.C)=outside
 *   order(n.1@st.C,n.2@st.C)=inside
 *   order(n.1@st.C,n.3@st.C)=inside
 *   order(n.1@st.C,acc)=after
 *   order(n.1@st.C,a)=after
 *   order(n.1@st.C,b)=after
 *   order(n.1@st.C,acc.upd)=after
 *   order(n.1@st.C,st.C)=outside
 *   order(n.2@st.C,n.3@st.C)=inside
 *   order(n.2@st.C,acc)=after
 *   order(n.2@st.C,a)=after
 *   order(n.2@st.C,b)=after
 *   order(n.2@st.C,acc.upd)=after
 *   order(n.2@st.C,st.C)=outside
 *   order(n.3@st.C,acc)=after
 *   order(n.3@st.C,a)=after
 *   order(n.3@st.C,b)=after
 *   order(n.3@st.C,acc.upd)=after
 *   order(n.3@st.C,st.C)=outside
 *   order(acc,a)=before
 *   order(acc,b)=before
 *   order(acc,acc.upd)=before
 *   order(acc,st.C)=before
 *   order(a,b)=before
 *   order(a,acc.upd)=before
 *   order(a,st.C)=before
 *   order(b,acc.upd)=before
 *   order(b,st.C)=before
 *   order(acc.upd,st.C)=before
 *   pad(acc)=no
 *   pad(a)=rows
 *   pad(b)=yes
 *   prefetch(acc)=no
 *   prefetch(a)=yes
 *   prefetch(b)=yes
 *   interleave(acc)=no
 *   interleave(a)=no
 *   interleave(b)=no
 */
/* A split store's partial sum, added to a zeroed array. */
void bnb_add(volatile __global float *at, float v)
{
  uint seen = as_uint(*at), old;
  do {
    old = seen;
    seen = atomic_cmpxchg((volatile __global uint *)at, old,
                          as_uint(as_float(old) + v));
  } while (seen != old);
}
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void bnb_mxm(
    __global const float *restrict a_A,
    __global const float *restrict a_B,
    __global float *a_C)
{
  float v_acc[2][2][2][2];
  __local float v_a[1088] __attribute__ ((aligned (16)));
  __local float v_b[1536] __attribute__ ((aligned (16)));
  float p_a[2][2];
  float p_b[2][2];
  const int i0 = get_group_id(1); /* m.0 */
  const int i1 = get_group_id(2); /* n.0 */
  const int i3 = get_local_id(1); /* m.2@acc */
  const int i6 = get_local_id(0); /* n.2@acc */
  const int i8 = get_group_id(0); /* k.0 */
  const int i10 = get_local_id(0); /* k.2@a */
  const int i12 = get_local_id(1); /* m.2@a */
  const int i19 = get_local_id(1); /* m.2@acc.upd */
  const int i22 = get_local_id(0); /* n.2@acc.upd */
  const int i26 = get_local_id(1); /* m.2@st.C */
  const int i29 = get_local_id(0); /* n.2@st.C */
  { /* n.3@acc = 0 */
    const int i7 = 0;
    { /* n.1@acc = 0 */
      const int i5 = 0;
      { /* m.3@acc = 0 */
        const int i4 = 0;
        { /* m.1@acc = 0 */
          const int i2 = 0;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
        { /* m.1@acc = 1 */
          const int i2 = 1;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
      }
      { /* m.3@acc = 1 */
        const int i4 = 1;
        { /* m.1@acc = 0 */
          const int i2 = 0;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
        { /* m.1@acc = 1 */
          const int i2 = 1;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
      }
    }
    { /* n.1@acc = 1 */
      const int i5 = 1;
      { /* m.3@acc = 0 */
        const int i4 = 0;
        { /* m.1@acc = 0 */
          const int i2 = 0;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
        { /* m.1@acc = 1 */
          const int i2 = 1;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
      }
      { /* m.3@acc = 1 */
        const int i4 = 1;
        { /* m.1@acc = 0 */
          const int i2 = 0;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
        { /* m.1@acc = 1 */
          const int i2 = 1;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
      }
    }
  }
  { /* n.3@acc = 1 */
    const int i7 = 1;
    { /* n.1@acc = 0 */
      const int i5 = 0;
      { /* m.3@acc = 0 */
        const int i4 = 0;
        { /* m.1@acc = 0 */
          const int i2 = 0;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
        { /* m.1@acc = 1 */
          const int i2 = 1;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
      }
      { /* m.3@acc = 1 */
        const int i4 = 1;
        { /* m.1@acc = 0 */
          const int i2 = 0;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
        { /* m.1@acc = 1 */
          const int i2 = 1;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
      }
    }
    { /* n.1@acc = 1 */
      const int i5 = 1;
      { /* m.3@acc = 0 */
        const int i4 = 0;
        { /* m.1@acc = 0 */
          const int i2 = 0;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
        { /* m.1@acc = 1 */
          const int i2 = 1;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
      }
      { /* m.3@acc = 1 */
        const int i4 = 1;
        { /* m.1@acc = 0 */
          const int i2 = 0;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
        { /* m.1@acc = 1 */
          const int i2 = 1;
          v_acc[i2][i4][i5][i7] = (0.0f);
        }
      }
    }
  }
  /* prefetch: the first step of k.1 */
  { /* m.1@a = 0 */
    const int i11 = 0;
    { /* m.3@a = 0 */
      const int i13 = 0;
      p_a[i11][i13] = a_A[((i13 + i12 * 2 + i11 * 32 + i0 * 64)) * 4096 + ((i10 + i8 * 1024))];
    }
    { /* m.3@a = 1 */
      const int i13 = 1;
      p_a[i11][i13] = a_A[((i13 + i12 * 2 + i11 * 32 + i0 * 64)) * 4096 + ((i10 + i8 * 1024))];
    }
    { /* n.3@b = 0 */
      const int i17 = 0;
      p_b[i11][i17] = a_B[((i12 + i8 * 1024)) * 4096 + ((i17 + i10 * 2 + i11 * 32 + i1 * 64))];
    }
    { /* n.3@b = 1 */
      const int i17 = 1;
      p_b[i11][i17] = a_B[((i12 + i8 * 1024)) * 4096 + ((i17 + i10 * 2 + i11 * 32 + i1 * 64))];
    }
  }
  { /* m.1@a = 1 */
    const int i11 = 1;
    { /* m.3@a = 0 */
      const int i13 = 0;
      p_a[i11][i13] = a_A[((i13 + i12 * 2 + i11 * 32 + i0 * 64)) * 4096 + ((i10 + i8 * 1024))];
    }
    { /* m.3@a = 1 */
      const int i13 = 1;
      p_a[i11][i13] = a_A[((i13 + i12 * 2 + i11 * 32 + i0 * 64)) * 4096 + ((i10 + i8 * 1024))];
    }
    { /* n.3@b = 0 */
      const int i17 = 0;
      p_b[i11][i17] = a_B[((i12 + i8 * 1024)) * 4096 + ((i17 + i10 * 2 + i11 * 32 + i1 * 64))];
    }
    { /* n.3@b = 1 */
      const int i17 = 1;
      p_b[i11][i17] = a_B[((i12 + i8 * 1024)) * 4096 + ((i17 + i10 * 2 + i11 * 32 + i1 * 64))];
    }
  }
  for (int i9 = 0; i9 < 64; ++i9) {
    { /* m.1@a = 0 */
      const int i11 = 0;
      { /* m.3@a = 0 */
        const int i13 = 0;
        v_a[i10 * 68 + i11 * 32 + i12 * 2 + i13] = p_a[i11][i13];
      }
      { /* m.3@a = 1 */
        const int i13 = 1;
        v_a[i10 * 68 + i11 * 32 + i12 * 2 + i13] = p_a[i11][i13];
      }
      { /* n.3@b = 0 */
        const int i17 = 0;
        v_b[i12 * 96 + i11 * 48 + i10 * 3 + i17] = p_b[i11][i17];
      }
      { /* n.3@b = 1 */
        const int i17 = 1;
        v_b[i12 * 96 + i11 * 48 + i10 * 3 + i17] = p_b[i11][i17];
      }
    }
    { /* m.1@a = 1 */
      const int i11 = 1;
      { /* m.3@a = 0 */
        const int i13 = 0;
        v_a[i10 * 68 + i11 * 32 + i12 * 2 + i13] = p_a[i11][i13];
      }
      { /* m.3@a = 1 */
        const int i13 = 1;
        v_a[i10 * 68 + i11 * 32 + i12 * 2 + i13] = p_a[i11][i13];
      }
      { /* n.3@b = 0 */
        const int i17 = 0;
        v_b[i12 * 96 + i11 * 48 + i10 * 3 + i17] = p_b[i11][i17];
      }
      { /* n.3@b = 1 */
        const int i17 = 1;
        v_b[i12 * 96 + i11 * 48 + i10 * 3 + i17] = p_b[i11][i17];
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i9 < 63) { /* prefetch: the next step */
      { /* m.1@a = 0 */
        const int i11 = 0;
        { /* m.3@a = 0 */
          const int i13 = 0;
          p_a[i11][i13] = a_A[((i13 + i12 * 2 + i11 * 32 + i0 * 64)) * 4096 + ((i10 + (i9 + 1) * 16 + i8 * 1024))];
        }
        { /* m.3@a = 1 */
          const int i13 = 1;
          p_a[i11][i13] = a_A[((i13 + i12 * 2 + i11 * 32 + i0 * 64)) * 4096 + ((i10 + (i9 + 1) * 16 + i8 * 1024))];
        }
        { /* n.3@b = 0 */
          const int i17 = 0;
          p_b[i11][i17] = a_B[((i12 + (i9 + 1) * 16 + i8 * 1024)) * 4096 + ((i17 + i10 * 2 + i11 * 32 + i1 * 64))];
        }
        { /* n.3@b = 1 */
          const int i17 = 1;
          p_b[i11][i17] = a_B[((i12 + (i9 + 1) * 16 + i8 * 1024)) * 4096 + ((i17 + i10 * 2 + i11 * 32 + i1 * 64))];
        }
      }
      { /* m.1@a = 1 */
        const int i11 = 1;
        { /* m.3@a = 0 */
          const int i13 = 0;
          p_a[i11][i13] = a_A[((i13 + i12 * 2 + i11 * 32 + i0 * 64)) * 4096 + ((i10 + (i9 + 1) * 16 + i8 * 1024))];
        }
        { /* m.3@a = 1 */
          const int i13 = 1;
          p_a[i11][i13] = a_A[((i13 + i12 * 2 + i11 * 32 + i0 * 64)) * 4096 + ((i10 + (i9 + 1) * 16 + i8 * 1024))];
        }
        { /* n.3@b = 0 */
          const int i17 = 0;
          p_b[i11][i17] = a_B[((i12 + (i9 + 1) * 16 + i8 * 1024)) * 4096 + ((i17 + i10 * 2 + i11 * 32 + i1 * 64))];
        }
        { /* n.3@b = 1 */
          const int i17 = 1;
          p_b[i11][i17] = a_B[((i12 + (i9 + 1) * 16 + i8 * 1024)) * 4096 + ((i17 + i10 * 2 + i11 * 32 + i1 * 64))];
        }
      }
    }
    for (int i24 = 0; i24 < 16; ++i24) {
      { /* n.3@acc.upd = 0 */
        const int i23 = 0;
        { /* n.1@acc.upd = 0 */
          const int i21 = 0;
          { /* m.3@acc.upd = 0 */
            const int i20 = 0;
            { /* m.1@acc.upd = 0 */
              const int i18 = 0;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
            { /* m.1@acc.upd = 1 */
              const int i18 = 1;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
          }
          { /* m.3@acc.upd = 1 */
            const int i20 = 1;
            { /* m.1@acc.upd = 0 */
              const int i18 = 0;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
            { /* m.1@acc.upd = 1 */
              const int i18 = 1;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
          }
        }
        { /* n.1@acc.upd = 1 */
          const int i21 = 1;
          { /* m.3@acc.upd = 0 */
            const int i20 = 0;
            { /* m.1@acc.upd = 0 */
              const int i18 = 0;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
            { /* m.1@acc.upd = 1 */
              const int i18 = 1;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
          }
          { /* m.3@acc.upd = 1 */
            const int i20 = 1;
            { /* m.1@acc.upd = 0 */
              const int i18 = 0;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
            { /* m.1@acc.upd = 1 */
              const int i18 = 1;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
          }
        }
      }
      { /* n.3@acc.upd = 1 */
        const int i23 = 1;
        { /* n.1@acc.upd = 0 */
          const int i21 = 0;
          { /* m.3@acc.upd = 0 */
            const int i20 = 0;
            { /* m.1@acc.upd = 0 */
              const int i18 = 0;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
            { /* m.1@acc.upd = 1 */
              const int i18 = 1;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
          }
          { /* m.3@acc.upd = 1 */
            const int i20 = 1;
            { /* m.1@acc.upd = 0 */
              const int i18 = 0;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
            { /* m.1@acc.upd = 1 */
              const int i18 = 1;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
          }
        }
        { /* n.1@acc.upd = 1 */
          const int i21 = 1;
          { /* m.3@acc.upd = 0 */
            const int i20 = 0;
            { /* m.1@acc.upd = 0 */
              const int i18 = 0;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
            { /* m.1@acc.upd = 1 */
              const int i18 = 1;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
          }
          { /* m.3@acc.upd = 1 */
            const int i20 = 1;
            { /* m.1@acc.upd = 0 */
              const int i18 = 0;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
            { /* m.1@acc.upd = 1 */
              const int i18 = 1;
              v_acc[i18][i20][i21][i23] = fma(v_a[i24 * 68 + i18 * 32 + i19 * 2 + i20], v_b[i24 * 96 + i21 * 48 + i22 * 3 + i23], v_acc[i18][i20][i21][i23]);
            }
          }
        }
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  { /* n.3@st.C = 0 */
    const int i30 = 0;
    { /* n.1@st.C = 0 */
      const int i28 = 0;
      { /* m.3@st.C = 0 */
        const int i27 = 0;
        { /* m.1@st.C = 0 */
          const int i25 = 0;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
        { /* m.1@st.C = 1 */
          const int i25 = 1;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
      }
      { /* m.3@st.C = 1 */
        const int i27 = 1;
        { /* m.1@st.C = 0 */
          const int i25 = 0;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
        { /* m.1@st.C = 1 */
          const int i25 = 1;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
      }
    }
    { /* n.1@st.C = 1 */
      const int i28 = 1;
      { /* m.3@st.C = 0 */
        const int i27 = 0;
        { /* m.1@st.C = 0 */
          const int i25 = 0;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
        { /* m.1@st.C = 1 */
          const int i25 = 1;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
      }
      { /* m.3@st.C = 1 */
        const int i27 = 1;
        { /* m.1@st.C = 0 */
          const int i25 = 0;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
        { /* m.1@st.C = 1 */
          const int i25 = 1;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
      }
    }
  }
  { /* n.3@st.C = 1 */
    const int i30 = 1;
    { /* n.1@st.C = 0 */
      const int i28 = 0;
      { /* m.3@st.C = 0 */
        const int i27 = 0;
        { /* m.1@st.C = 0 */
          const int i25 = 0;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
        { /* m.1@st.C = 1 */
          const int i25 = 1;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
      }
      { /* m.3@st.C = 1 */
        const int i27 = 1;
        { /* m.1@st.C = 0 */
          const int i25 = 0;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
        { /* m.1@st.C = 1 */
          const int i25 = 1;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
      }
    }
    { /* n.1@st.C = 1 */
      const int i28 = 1;
      { /* m.3@st.C = 0 */
        const int i27 = 0;
        { /* m.1@st.C = 0 */
          const int i25 = 0;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
        { /* m.1@st.C = 1 */
          const int i25 = 1;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
      }
      { /* m.3@st.C = 1 */
        const int i27 = 1;
        { /* m.1@st.C = 0 */
          const int i25 = 0;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
        { /* m.1@st.C = 1 */
          const int i25 = 1;
          bnb_add(&a_C[((i27 + i26 * 2 + i25 * 32 + i0 * 64)) * 4096 + ((i30 + i29 * 2 + i28 * 32 + i1 * 64))], v_acc[i25][i27][i28][i30]);
        }
      }
    }
  }
}
